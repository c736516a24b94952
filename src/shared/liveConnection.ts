/**
 * The last event seen on the live connection (spec §4 "Live connection states"); "idle" before the
 * first one. Only "connect" means connected: anything else shows the red spinner (spec §2).
 */
export type LiveConnectionState =
  "idle" | "connect" | "reconnect" | "close" | "disconnect" | "offline" | "error" | "end";

/** True only in the connected state (spec §2: the spinner shows otherwise). The one "connected" rule. */
export function isLiveConnected(state: LiveConnectionState): boolean {
  return state === "connect";
}
