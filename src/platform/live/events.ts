/** The declared event topic patterns, each as a matcher (`+` one level, no other wildcard). */
const patterns: RegExp[] = [];

function matcherOf(pattern: string): RegExp {
  const levels = pattern
    .split("/")
    .map((level) => (level === "+" ? "[^/]+" : level.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${levels.join("/")}$`);
}

/**
 * Declares the live topics matching `pattern` (MQTT-style: each `+` is one level) events, not state:
 * the ingest applies every message of them, in order (IngestOptions.isEvent), where a state topic keeps
 * only a frame's last. Declared by a live family with `events: true` (family.ts) when its module loads.
 */
export function declareEventTopics(pattern: string): void {
  const matcher = matcherOf(pattern);
  if (!patterns.some((known) => known.source === matcher.source)) patterns.push(matcher);
}

/** Whether `topic` is an event topic ({@link declareEventTopics}); the live channel's ingest asks it for each message. */
export function isEventTopic(topic: string): boolean {
  for (const matcher of patterns) if (matcher.test(topic)) return true;
  return false;
}
