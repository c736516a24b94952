import * as v from "valibot";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FixtureSchema = v.object({
  source: v.string(),
  topic: v.nullable(v.string()),
  payload: v.unknown(),
  payload_raw: v.optional(v.string()),
});

/** A fixture as an MQTT message: its topic (placeholders replaced by `device`) and exact payload bytes. */
export interface FixtureMessage {
  topic: string;
  payload: Buffer;
  /** The parsed payload, for assertions. */
  json: unknown;
}

/**
 * Loads `tests/fixtures/<relativePath>` (copied unchanged from the shared fixture set). The payload
 * is `payload_raw` when present, the raw string for text payloads, else compact JSON. Topic
 * placeholders (`%topic%`, `[FRIENDLY_NAME]`, `FRIENDLY_NAME`) become `device`; a missing topic
 * becomes `zigbee2mqtt/<device>`.
 */
export function loadFixture(relativePath: string, device?: string): FixtureMessage {
  const url = new URL(`../../tests/fixtures/${relativePath}`, import.meta.url);
  const fixture = v.parse(FixtureSchema, JSON.parse(readFileSync(fileURLToPath(url), "utf8")));
  const text =
    fixture.payload_raw ?? (typeof fixture.payload === "string" ? fixture.payload : JSON.stringify(fixture.payload));
  let topic = fixture.topic ?? `zigbee2mqtt/${device ?? "device"}`;
  if (device !== undefined) topic = topic.replace(/%topic%|\[FRIENDLY_NAME\]|FRIENDLY_NAME/, device);
  return { topic, payload: Buffer.from(text, "utf8"), json: fixture.payload };
}
