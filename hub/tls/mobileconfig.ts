import { createHash } from "node:crypto";

/** What an Apple configuration profile needs of the CA certificate. */
export interface ProfileCertificate {
  /** The certificate, DER. */
  der: Buffer;
  /** A short name shown by the device for the certificate (the CA's common name). */
  name: string;
}

/** XML text with `&`, `<`, `>`, `"` and `'` escaped. */
function xml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

/** A UUID made from the certificate and a role, so the same CA always gives the same profile (reinstalling replaces it). */
function stableUuid(der: Buffer, role: string): string {
  const hex = createHash("sha256").update(role).update(der).digest("hex");
  // RFC 9562 layout, version 8 (custom), variant 10.
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/**
 * An Apple configuration profile (XML property list, served as `application/x-apple-aspen-config`)
 * with one `com.apple.security.root` payload holding the CA certificate (DER, base64 in `<data>`).
 * iOS/iPadOS installs it from Settings; full trust for websites is then switched on in
 * Settings > General > About > Certificate Trust Settings. The identifiers and UUIDs derive from
 * the certificate: the same CA always gives the same profile.
 */
export function mobileconfig(certificate: ProfileCertificate): string {
  const base64 = certificate.der.toString("base64").replace(/.{1,64}/g, "\t\t\t$&\n");
  const id = createHash("sha256").update(certificate.der).digest("hex").slice(0, 16);
  const name = xml(certificate.name);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>PayloadContent</key>
	<array>
		<dict>
			<key>PayloadCertificateFileName</key>
			<string>hub-ca.crt</string>
			<key>PayloadContent</key>
			<data>
${base64}			</data>
			<key>PayloadDescription</key>
			<string>Certyfikat urzędu certyfikacji huba domowego</string>
			<key>PayloadDisplayName</key>
			<string>${name}</string>
			<key>PayloadIdentifier</key>
			<string>household-dashboard.hub-ca.${id}.root</string>
			<key>PayloadType</key>
			<string>com.apple.security.root</string>
			<key>PayloadUUID</key>
			<string>${stableUuid(certificate.der, "root")}</string>
			<key>PayloadVersion</key>
			<integer>1</integer>
		</dict>
	</array>
	<key>PayloadDescription</key>
	<string>Pozwala temu urządzeniu łączyć się z hubem domowym przez HTTPS.</string>
	<key>PayloadDisplayName</key>
	<string>Zaufaj hubowi (${name})</string>
	<key>PayloadIdentifier</key>
	<string>household-dashboard.hub-ca.${id}</string>
	<key>PayloadRemovalDisallowed</key>
	<false/>
	<key>PayloadType</key>
	<string>Configuration</string>
	<key>PayloadUUID</key>
	<string>${stableUuid(certificate.der, "profile")}</string>
	<key>PayloadVersion</key>
	<integer>1</integer>
</dict>
</plist>
`;
}
