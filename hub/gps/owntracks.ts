import * as v from "valibot";
import { LatitudeSchema, LongitudeSchema } from "../../contract/gps";

/** The topic root OwnTracks publishes under (`owntracks/<user>/<device>`, its default base topic). */
export const OWNTRACKS_BASE = "owntracks";
/** The filter the hub subscribes to: every OwnTracks device's messages. */
export const OWNTRACKS_FILTER = `${OWNTRACKS_BASE}/#`;

/** The OwnTracks location message (booklet "JSON": `_type: "location"`), the fields the hub uses. */
const LocationSchema = v.object({
  _type: v.literal("location"),
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  /** Epoch seconds of the fix. */
  tst: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Battery in %, optional. */
  batt: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
  /** Accuracy of the fix in metres, optional. */
  acc: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
});

/** A location fix from an OwnTracks device: position, when (epoch ms), battery (%) and accuracy (m) or null. */
export interface OwnTracksFix {
  lat: number;
  lon: number;
  timeMs: number;
  battery: number | null;
  accuracyM: number | null;
}

/**
 * What one OwnTracks message is: a fix of device `<user>/<device>`; `ignored` (another message type
 * such as `transition`, `waypoint`, `lwt`, `card`, or a subtopic such as `…/event`, `…/cmd`); or
 * `dropped` with the reason (not JSON, a location with a bad or missing field).
 */
export type OwnTracksMessage =
  | { kind: "fix"; device: string; fix: OwnTracksFix }
  | { kind: "ignored"; reason: string }
  | { kind: "dropped"; reason: string };

/** Largest payload looked at, bytes (an OwnTracks location is a few hundred). */
const MAX_PAYLOAD_BYTES = 16 * 1024;

/**
 * Reads one message of `owntracks/#` (OwnTracks' MQTT mode: JSON on `owntracks/<user>/<device>`).
 * Pure and never throws: anything malformed is `dropped` with a reason that never quotes the payload.
 */
export function parseOwnTracks(topic: string, payload: Buffer | string): OwnTracksMessage {
  const levels = topic.split("/");
  if (levels.length !== 3 || levels[0] !== OWNTRACKS_BASE || !levels[1] || !levels[2])
    return { kind: "ignored", reason: "not a device's own topic" };
  const text = typeof payload === "string" ? payload : payload.toString("utf8");
  if (text.length === 0) return { kind: "ignored", reason: "empty (retained message cleared)" };
  if (text.length > MAX_PAYLOAD_BYTES) return { kind: "dropped", reason: "payload too large" };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "dropped", reason: "not JSON" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return { kind: "dropped", reason: "not a JSON object" };
  if (!("_type" in json) || json._type !== "location") return { kind: "ignored", reason: "not a location" };
  const parsed = v.safeParse(LocationSchema, json, { abortEarly: true });
  if (!parsed.success) {
    const key = parsed.issues[0]?.path?.[0]?.key;
    return { kind: "dropped", reason: `location: ${typeof key === "string" ? key : "body"} invalid` };
  }
  const { lat, lon, tst, batt, acc } = parsed.output;
  return {
    kind: "fix",
    device: `${levels[1]}/${levels[2]}`,
    fix: { lat, lon, timeMs: tst * 1000, battery: batt ?? null, accuracyM: acc ?? null },
  };
}

/** The OwnTracks location payload of a fix (what the app publishes; the simulator and tests use it). */
export function ownTracksLocation(fix: {
  lat: number;
  lon: number;
  timeMs: number;
  battery?: number;
  accuracyM?: number;
  tid?: string;
}): string {
  return JSON.stringify({
    _type: "location",
    tid: fix.tid ?? "ct",
    lat: fix.lat,
    lon: fix.lon,
    tst: Math.floor(fix.timeMs / 1000),
    ...(fix.battery === undefined ? {} : { batt: fix.battery }),
    ...(fix.accuracyM === undefined ? {} : { acc: fix.accuracyM }),
    conn: "m",
    t: "u",
  });
}
