import * as v from "valibot";

/**
 * Row schemas of the one Dexie database `dashboard` (DESIGN.md §5). Every row read back from
 * IndexedDB is checked against these: a row written by an older version, a half-written row or a
 * row edited by hand in DevTools is ignored and deleted, never trusted.
 */

/** Response headers kept with a cached API answer (lower-case names). */
export const CACHED_HEADER_NAMES = ["content-type", "etag", "last-modified"] as const;

/**
 * A successful JSON answer to an API GET, as the service worker stored it.
 * `url` is the full request URL (with query; the primary key), `status` the HTTP status (2xx),
 * `body` the response text (JSON), `headers` a subset of the response headers
 * ({@link CACHED_HEADER_NAMES}), `fetchedAt` epoch ms when the network answered.
 */
export const ApiResponseRowSchema = v.object({
  url: v.pipe(v.string(), v.url()),
  status: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(299)),
  body: v.string(),
  headers: v.record(v.string(), v.string()),
  fetchedAt: v.pipe(v.number(), v.finite(), v.minValue(0)),
});
export type ApiResponseRow = v.InferOutput<typeof ApiResponseRowSchema>;

/**
 * One leaf of the live state (an MQTT topic) as last received: `value` is the parsed JSON payload
 * (or its text), `receivedAt` epoch ms when the browser received it.
 */
export const LiveSnapshotRowSchema = v.object({
  topic: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  value: v.unknown(),
  receivedAt: v.pipe(v.number(), v.finite(), v.minValue(0)),
});
export type LiveSnapshotRow = v.InferOutput<typeof LiveSnapshotRowSchema>;

/**
 * A small key/value row (preferences, last known session, GPS state, kiosk settings). The value is
 * validated again by the reader with its own schema ({@link kvGet}).
 */
export const KvRowSchema = v.object({
  key: v.pipe(v.string(), v.minLength(1)),
  value: v.unknown(),
  updatedAt: v.pipe(v.number(), v.finite(), v.minValue(0)),
});
export type KvRow = v.InferOutput<typeof KvRowSchema>;
