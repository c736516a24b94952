/** How much the hub keeps of unlocked recordings: at most 7 days old and 200 MiB in all. */
export type PruneLimits = { maxAgeMs: number; maxBytes: number };

/** The hub's limits: 7 days, 200 MiB (locked recordings count towards the size but are never pruned). */
export const RECORDING_LIMITS: PruneLimits = { maxAgeMs: 7 * 24 * 60 * 60 * 1000, maxBytes: 200 * 1024 * 1024 };

/** What pruning needs to know of a recording: its id, start (epoch ms), size on disk and lock. */
export type PruneCandidate = { id: string; startedAt: number; bytes: number; locked: boolean };

/**
 * The ids of the recordings to delete: every unlocked one older than `maxAgeMs` at
 * `now` (epoch ms), then, while all recordings together (locked ones included) are over
 * `maxBytes`, the oldest unlocked ones. A locked recording is never chosen, even when the locked
 * ones alone are over the cap.
 */
export function recordingsToPrune(recordings: readonly PruneCandidate[], now: number, limits: PruneLimits): string[] {
  const chosen = new Set<string>();
  for (const recording of recordings)
    if (!recording.locked && now - recording.startedAt > limits.maxAgeMs) chosen.add(recording.id);
  let total = recordings.reduce((sum, recording) => sum + (chosen.has(recording.id) ? 0 : recording.bytes), 0);
  const oldestFirst = [...recordings].sort((a, b) => a.startedAt - b.startedAt);
  for (const recording of oldestFirst) {
    if (total <= limits.maxBytes) break;
    if (recording.locked || chosen.has(recording.id)) continue;
    chosen.add(recording.id);
    total -= recording.bytes;
  }
  return [...chosen];
}
