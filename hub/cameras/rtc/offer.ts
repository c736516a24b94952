import { isIPv4, isIPv6 } from "node:net";
import { HubError } from "../../core/errors";

/**
 * What the hub answers in a WebRTC SDP offer (docs/contract.md "Cameras"): the dashboard's offer,
 * a recvonly video and a recvonly audio m-line in one BUNDLE group. `media`: m-lines at most (one
 * `video`, one `audio`); `candidatesPerMedia`: ICE candidates kept per m-line (a browser has one
 * host candidate per address it uses; the rest are dropped, never refused).
 */
export const RTC_OFFER_LIMITS = { media: 2, candidatesPerMedia: 4 } as const;

/** An offer checked by {@link checkOffer}: the SDP to hand on (without the dropped candidates) and how many candidate lines were dropped. */
export interface CheckedOffer {
  sdp: string;
  dropped: number;
}

const refuse = (rule: string) => new HubError("BAD_REQUEST", `sdp: ${rule}`);

/**
 * Checks the browser's SDP offer `sdp` before anything parses it as WebRTC (werift for a demo
 * camera, go2rtc for a go2rtc one), so an offer costs the hub (or go2rtc) one transport at most:
 * every line `<letter>=<value>` (CRLF or LF), at most {@link RTC_OFFER_LIMITS}.media m-lines, each
 * `video` or `audio` and each kind once, each with one `a=mid`, and a session-level
 * `a=group:BUNDLE` naming every m-line's mid. The size is bounded before (RtcOfferBodySchema).
 *
 * ICE candidates are then filtered, so an offer cannot make the hub (or go2rtc) send STUN checks to
 * other hosts: an `a=candidate` is kept only when it is a UDP `host` candidate whose address is
 * `from` (the address the offer came from, the HTTP client's IP: `request.ip`, a proxy in
 * HUB_TRUST_PROXY believed), at most {@link RTC_OFFER_LIMITS}.candidatesPerMedia per m-line; any
 * other (another address, an mDNS `.local` name, `srflx`/`relay`, TCP, malformed) and every
 * `a=remote-candidates` is dropped, and so is `a=end-of-candidates`. Nothing is lost by that: the
 * browser is the ICE controlling side and sends its checks to the answer's candidates, and the
 * hub learns its address from them (peer-reflexive), which it could not once told that no more
 * candidates come. Without `from` every candidate is dropped.
 * @throws HubError BAD_REQUEST `sdp: <the rule>` (never quoting the offer)
 */
export function checkOffer(sdp: string, from?: string): CheckedOffer {
  const lines = sdp.split(/(?<=\n)/);
  if (!lines[0]?.startsWith("v=0")) throw refuse("not an SDP offer (it must start with v=0)");
  const media: { kind: string; mids: string[]; candidates: number }[] = [];
  const bundles: string[][] = [];
  const peer = from === undefined ? undefined : addressKey(from);
  let dropped = 0;
  const kept: string[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r?\n$/, "");
    if (!/^[a-z]=/.test(line)) throw refuse(`line ${index + 1} is not an SDP line (<letter>=<value>)`);
    const section = media.at(-1);
    if (line.startsWith("m=")) {
      if (media.length === RTC_OFFER_LIMITS.media) throw refuse("the hub answers at most one video and one audio m-line; the offer has more");
      const kind = line.slice(2).split(" ", 1)[0] ?? "";
      if (kind !== "video" && kind !== "audio") throw refuse("the hub answers only video and audio m-lines");
      if (media.some((other) => other.kind === kind)) throw refuse(`the hub answers one ${kind} m-line; the offer has more`);
      media.push({ kind, mids: [], candidates: 0 });
    } else if (line.startsWith("a=mid:")) {
      section?.mids.push(line.slice("a=mid:".length));
    } else if (line.startsWith("a=group:BUNDLE") && !section) {
      bundles.push(line.slice("a=group:BUNDLE".length).split(" ").filter(Boolean));
    } else if (line === "a=end-of-candidates") {
      continue;
    } else if (line.startsWith("a=candidate:") || line.startsWith("a=remote-candidates")) {
      if (!section || section.candidates >= RTC_OFFER_LIMITS.candidatesPerMedia || peer === undefined || !plausible(line, peer)) {
        dropped += 1;
        continue;
      }
      section.candidates += 1;
    }
    kept.push(raw);
  }
  if (media.length === 0) throw refuse("the offer has no video or audio m-line");
  if (media.some((section) => section.mids.length !== 1)) throw refuse("every m-line needs one a=mid");
  const mids = media.map((section) => section.mids[0]!);
  if (!bundles.some((group) => mids.every((mid) => group.includes(mid)))) throw refuse("the offer must bundle its m-lines into one transport (a=group:BUNDLE naming every a=mid)");
  return { sdp: kept.join(""), dropped };
}

/**
 * Whether `line` (`a=candidate:<foundation> <component> <transport> <priority> <address> <port>
 * typ <type> ...`, RFC 8839) is a UDP host candidate on component 1 or 2 at address key `peer`.
 */
function plausible(line: string, peer: string): boolean {
  const fields = line.slice("a=candidate:".length).split(" ");
  if (!line.startsWith("a=candidate:") || fields.length < 8) return false;
  const [, component, transport, , address, port, typ, type] = fields as [string, string, string, string, string, string, string, string];
  const portNumber = Number(port);
  return (
    (component === "1" || component === "2") &&
    transport.toLowerCase() === "udp" &&
    typ === "typ" &&
    type === "host" &&
    Number.isInteger(portNumber) &&
    portNumber >= 1 &&
    portNumber <= 65_535 &&
    addressKey(address) === peer
  );
}

/**
 * One spelling per IP address, so two spellings of one address compare equal: IPv4 as it is,
 * IPv6 as the URL parser writes it, an IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how Node may report an
 * IPv4 client on a dual-stack socket) as its IPv4. Anything that is not an IP address (an mDNS
 * name) answers undefined.
 */
export function addressKey(address: string): string | undefined {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return undefined;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}
