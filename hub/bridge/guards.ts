import * as v from "valibot";
import { sensorReadingJson } from "../../contract/sensors";
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

/** How many device payloads were run through `JSON.parse` (each payload Buffer at most once: {@link parseJsonValue}). */
export const jsonParseStats = { parses: 0 };

/**
 * The last payload Buffer parsed and its JSON value (`undefined` = not JSON). The device router hands
 * one Buffer to every domain that reads a message, synchronously, before the next message: one slot
 * is enough for all of them to share one parse, and costs no per-message bookkeeping.
 */
let lastParsed: { payload: Buffer; value: unknown } | undefined;

/**
 * Parses a device payload as JSON once: a later call with the same Buffer, before another payload
 * is parsed or {@link forgetParsedPayload}, returns the same value without parsing again. Undefined
 * when the payload is not JSON. No size or depth check: callers apply those (MAX_PAYLOAD_BYTES,
 * {@link parseJsonObject}).
 */
export function parseJsonValue(payload: Buffer): unknown {
  if (lastParsed?.payload === payload) return lastParsed.value;
  jsonParseStats.parses += 1;
  let value: unknown;
  try {
    value = JSON.parse(payload.toString("utf8"));
  } catch {
    value = undefined;
  }
  lastParsed = { payload, value };
  return value;
}

/** Drops the remembered parse (the device router calls it once every reader has had the message). */
export function forgetParsedPayload(): void {
  lastParsed = undefined;
}

/**
 * Parses a payload as a JSON object; undefined when it is not JSON, not an object, or nested
 * deeper than MAX_JSON_DEPTH (src/shared/jsonDepth.ts), so a hostile payload is never passed on
 * to the dashboard (`tasmota/tele/...`). The payload is parsed at most once ({@link parseJsonValue}).
 */
export function parseJsonObject(payload: Buffer): JsonObject | undefined {
  const raw = parseJsonValue(payload);
  if (raw === undefined || !jsonDepthWithin(raw)) return undefined;
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
