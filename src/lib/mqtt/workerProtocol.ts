import type { LiveConnectionState } from "../../shared/liveConnection";

/**
 * Messages between the dashboard and its live worker (mqtt.js, its WebSocket and its MQTT
 * packet parsing run in a dedicated worker, off the main thread).
 * - to the worker: `start` (broker WebSocket URL, absolute; topic filter, `#` by default; the MQTT
 *   client id, held by one tab at a time: connection.ts), `stop`;
 * - from the worker: `messages` (the messages received since the last post, in order: topic name and
 *   a payload that owns its own buffer, transferred), `state` (each connection event, spec §4),
 *   `closed` (after `stop`, once the connection has ended).
 */
export type LiveWorkerCommand =
  { type: "start"; url: string; topicFilter?: string; clientId?: string } | { type: "stop" };

/** See {@link LiveWorkerCommand}. */
export type LiveWorkerEvent =
  | { type: "messages"; messages: Array<[topic: string, payload: Uint8Array]> }
  | { type: "state"; state: LiveConnectionState }
  | { type: "closed" };

/** How long the worker gathers messages before posting them to the page, ms (one post per frame at most). */
export const LIVE_WORKER_POST_MS = 16;
