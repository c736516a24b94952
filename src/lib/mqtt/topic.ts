/** Limits on a topic name mapped into the live state (docs/contract.md "Live channel"). */
export type TopicLimits = { maxDepth?: number; maxBytes?: number };

/** Default deepest topic accepted, in levels. */
export const MAX_TOPIC_DEPTH = 8;
/** Default longest topic accepted, in UTF-8 bytes. */
export const MAX_TOPIC_BYTES = 512;

/** Segments that would reach an object's prototype if used as a key (DESIGN §3 "Hostile input"). */
const HOSTILE_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const encoder = new TextEncoder();

/** UTF-8 length of a string in bytes. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Maps a received topic name to its path in the live state (spec §7 "Live channel", DESIGN §3):
 * `sensor/temp/balcony` -> `["sensor", "temp", "balcony"]`.
 * @returns null (drop the message) for a `__proto__`/`constructor`/`prototype` segment, an empty
 *   segment (`a//b`, leading or trailing `/`), a wildcard `+`/`#` (not allowed in a topic name), a
 *   NUL character, more than `maxDepth` levels (8) or more than `maxBytes` UTF-8 bytes (512).
 */
export function topicToPath(topic: string, limits: TopicLimits = {}): string[] | null {
  const maxDepth = limits.maxDepth ?? MAX_TOPIC_DEPTH;
  const maxBytes = limits.maxBytes ?? MAX_TOPIC_BYTES;
  if (topic.length === 0 || topic.length > maxBytes || utf8Length(topic) > maxBytes) return null;
  const segments = topic.split("/");
  if (segments.length > maxDepth) return null;
  for (const segment of segments) {
    if (segment === "" || HOSTILE_SEGMENTS.has(segment)) return null;
    if (segment.includes("+") || segment.includes("#") || segment.includes("\u0000")) return null;
  }
  return segments;
}

/**
 * True when `filter` is a valid MQTT topic filter (spec §5; MQTT 3.1.1 §4.7): non-empty, at most
 * 65 535 bytes, no NUL, `+` only as a whole level, `#` only as the whole last level.
 */
export function isValidTopicFilter(filter: string): boolean {
  if (filter.length === 0 || filter.length > 65_535 || filter.includes("\u0000")) return false;
  if (utf8Length(filter) > 65_535) return false;
  const levels = filter.split("/");
  return levels.every((level, index) => {
    if (level.includes("#")) return level === "#" && index === levels.length - 1;
    if (level.includes("+")) return level === "+";
    return true;
  });
}

/**
 * True when a topic name matches a topic filter (MQTT 3.1.1 §4.7): `+` matches exactly one level,
 * `#` the parent level and any number below it. Topics starting with `$` are not matched by a
 * filter starting with a wildcard. An invalid filter matches nothing.
 */
export function topicMatches(filter: string, topic: string): boolean {
  if (!isValidTopicFilter(filter) || topic.length === 0) return false;
  if (topic.startsWith("$") && (filter.startsWith("+") || filter.startsWith("#"))) return false;
  const filterLevels = filter.split("/");
  const topicLevels = topic.split("/");
  for (let i = 0; i < filterLevels.length; i++) {
    const level = filterLevels[i];
    if (level === "#") return true;
    const topicLevel = topicLevels[i];
    if (topicLevel === undefined) return false;
    if (level !== "+" && level !== topicLevel) return false;
  }
  return filterLevels.length === topicLevels.length;
}
