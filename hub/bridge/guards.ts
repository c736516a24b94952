import * as v from "valibot";
import { sensorReadingJson } from "../../src/shared/contract/sensors";
import { jsonDepthWithin } from "../../src/shared/jsonDepth";

/** Largest device payload the bridge reads (DESIGN.md §3 size cap, 64 KiB). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

const PROTOTYPE_NAMES = new Set(["__proto__", "constructor", "prototype"]);

/**
 * True when `name` can stand as one segment of a namespace topic: 1..128 chars, no `/ + #`,
 * no control characters, not `__proto__`/`constructor`/`prototype`.
 */
export function isSafeDeviceName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 128 && !/[/+#\u0000-\u001f\u007f]/.test(name) && !PROTOTYPE_NAMES.has(name);
}

const JsonObject = v.record(v.string(), v.unknown());
export type JsonObject = v.InferOutput<typeof JsonObject>;

/**
 * Parses a payload as a JSON object; undefined when it is not JSON, not an object, or nested
 * deeper than MAX_JSON_DEPTH (src/shared/jsonDepth.ts), so a hostile payload is never passed on
 * to the dashboard (`tasmota/tele/...`).
 */
export function parseJsonObject(payload: Buffer): JsonObject | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!jsonDepthWithin(raw)) return undefined;
  const parsed = v.safeParse(JsonObject, raw);
  return parsed.success ? parsed.output : undefined;
}

/** The value as a plain JSON object (not an array), or undefined. */
export function asObject(value: unknown): JsonObject | undefined {
  return v.is(JsonObject, value) && !Array.isArray(value) ? value : undefined;
}

/** Own property of a parsed object (never the prototype chain). */
export function ownField(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A reading payload of the namespace: `{"value": number, "time": ISO-8601}` (the contract's SensorReadingSchema). */
export function readingPayload(value: number, receivedAt: Date): string {
  return sensorReadingJson(value, receivedAt);
}
