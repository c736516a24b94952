import { isIPv4, isIPv6 } from "node:net";
import { RTC_OFFER_MAX_LENGTH } from "../../../contract/cameras";
import { HubError } from "../../core/errors";

/**
 * What the hub answers in a WebRTC SDP offer (docs/contract.md "Cameras"): the dashboard's offer,
 * a recvonly video and a recvonly audio m-line in one BUNDLE group. `feedbackPerFormat`:
 * `a=rtcp-fb` lines per payload type (Chromium sends 5); `candidatesPerMedia`: ICE candidates kept per m-line (a browser has one host candidate per
 * address it uses; the rest are dropped, never refused).
 */
export const RTC_OFFER_LIMITS = { feedbackPerFormat: 8, candidatesPerMedia: 4 } as const;

/** An offer checked by {@link checkOffer}: the SDP to hand on (without the dropped lines) and how many candidate lines were dropped. */
export interface CheckedOffer {
  sdp: string;
  dropped: number;
}

/** One m-line section while it is read. */
interface Section {
  kind: string;
  mids: number;
  mid: string;
  /** Its payload types (the m-line's formats), each with the codec lines seen for it. */
  formats: Map<string, { rtpmap: number; fmtp: number; feedback: number }>;
  /** `a=rtcp-fb:*` lines. */
  anyFeedback: number;
  candidates: number;
}

const refuse = (rule: string) => new HubError("BAD_REQUEST", `sdp: ${rule}`);

/**
 * Checks the browser's SDP offer `sdp` before anything parses it as WebRTC (werift for a demo
 * camera, go2rtc for a go2rtc one), so an offer costs the hub (or go2rtc) one transport and a
 * bounded parse:
 * - at most {@link RTC_OFFER_MAX_LENGTH} characters, starting `v=0`, every line `<letter>=<value>`
 *   (CRLF or LF; empty lines only at the end);
 * - m-lines `video` or `audio` only, each kind once (so at most two), each with one `a=mid`, and a session-level `a=group:BUNDLE` naming every m-line's mid;
 * - each m-line's formats distinct payload types 0..127; `a=rtpmap` and `a=fmtp` at most once per
 *   payload type, `a=rtcp-fb` at most {@link RTC_OFFER_LIMITS}.feedbackPerFormat times, each
 *   naming a payload type of its m-line (werift's answer grows without bound with repeated
 *   `a=rtpmap` lines of one payload type: 60 KiB of them exhaust a 4 GB heap).
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
  if (sdp.length > RTC_OFFER_MAX_LENGTH) throw refuse(`the offer is longer than ${RTC_OFFER_MAX_LENGTH} characters`);
  const lines = sdp.split(/(?<=\n)/);
  if (!lines[0]?.startsWith("v=0")) throw refuse("not an SDP offer (it must start with v=0)");
  const media: Section[] = [];
  const bundles: string[][] = [];
  const peer = from === undefined ? undefined : addressKey(from);
  let dropped = 0;
  const kept: string[] = [];
  let end = lines.length; // empty lines at the end are let through
  while (end > 0 && /^\r?\n?$/.test(lines[end - 1]!)) end -= 1;
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r?\n$/, "");
    if (index >= end) {
      kept.push(raw);
      continue;
    }
    if (!/^[a-z]=/.test(line)) throw refuse(`line ${index + 1} is not an SDP line (<letter>=<value>)`);
    const section = media.at(-1);
    if (line.startsWith("m=")) {
      media.push(mediaSection(line, media));
    } else if (line.startsWith("a=group:BUNDLE ") && !section) {
      bundles.push(line.slice("a=group:BUNDLE ".length).split(" ").filter(Boolean));
    } else if (line === "a=end-of-candidates") {
      continue;
    } else if (line.startsWith("a=candidate:") || line.startsWith("a=remote-candidates")) {
      if (
        !section ||
        section.candidates >= RTC_OFFER_LIMITS.candidatesPerMedia ||
        peer === undefined ||
        !plausible(line, peer)
      ) {
        dropped += 1;
        continue;
      }
      section.candidates += 1;
    } else if (section) {
      attribute(line, section);
    }
    kept.push(raw);
  }
  if (media.length === 0) throw refuse("the offer has no video or audio m-line");
  if (media.some((section) => section.mids !== 1)) throw refuse("every m-line needs one a=mid");
  if (!bundles.some((group) => media.every((section) => group.includes(section.mid))))
    throw refuse("the offer must bundle its m-lines into one transport (a=group:BUNDLE naming every a=mid)");
  return { sdp: kept.join(""), dropped };
}

/** The section an m-line (`m=<kind> <port> <proto> <format> ...`) opens, after `media` (those before it). */
function mediaSection(line: string, media: readonly Section[]): Section {
  const [kind = "", , , ...formats] = line.slice(2).split(" ");
  if (kind !== "video" && kind !== "audio") throw refuse("the hub answers only video and audio m-lines");
  if (media.some((other) => other.kind === kind))
    throw refuse(`the hub answers one ${kind} m-line; the offer has more`);
  const section: Section = { kind, mids: 0, mid: "", formats: new Map(), anyFeedback: 0, candidates: 0 };
  for (const format of formats) {
    if (!isPayloadType(format) || section.formats.has(format))
      throw refuse(`the ${kind} m-line's formats must be distinct payload types 0..127`);
    section.formats.set(format, { rtpmap: 0, fmtp: 0, feedback: 0 });
  }
  if (section.formats.size === 0) throw refuse(`the ${kind} m-line has no format`);
  return section;
}

/** Counts an attribute line of m-line `section` (`a=mid`, `a=rtpmap`, `a=fmtp`, `a=rtcp-fb`); refuses one past its bound. */
function attribute(line: string, section: Section): void {
  if (line.startsWith("a=mid:")) {
    section.mids += 1;
    section.mid = line.slice("a=mid:".length);
    return;
  }
  const codec = /^a=(rtpmap|fmtp|rtcp-fb):(\S*)/.exec(line);
  if (!codec) return;
  const [, name, type] = codec as unknown as [string, "rtpmap" | "fmtp" | "rtcp-fb", string];
  if (name === "rtcp-fb" && type === "*") {
    if (++section.anyFeedback > RTC_OFFER_LIMITS.feedbackPerFormat)
      throw refuse(`more than ${RTC_OFFER_LIMITS.feedbackPerFormat} a=rtcp-fb:* lines in the ${section.kind} m-line`);
    return;
  }
  const format = section.formats.get(type);
  if (!format) throw refuse(`an a=${name} line names a payload type the ${section.kind} m-line does not list`);
  if (name === "rtcp-fb") {
    if (++format.feedback > RTC_OFFER_LIMITS.feedbackPerFormat)
      throw refuse(`more than ${RTC_OFFER_LIMITS.feedbackPerFormat} a=rtcp-fb lines for one payload type`);
  } else if (++format[name] > 1) {
    throw refuse(`more than one a=${name} line for one payload type`);
  }
}

const isPayloadType = (format: string) => /^\d{1,3}$/.test(format) && Number(format) <= 127;

/**
 * Whether `line` (`a=candidate:<foundation> <component> <transport> <priority> <address> <port>
 * typ <type> ...`, RFC 8839) is a UDP host candidate on component 1 or 2 at address key `peer`.
 */
function plausible(line: string, peer: string): boolean {
  const fields = line.slice("a=candidate:".length).split(" ");
  if (!line.startsWith("a=candidate:") || fields.length < 8) return false;
  const [, component, transport, , address, port, typ, type] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
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
