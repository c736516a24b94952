import { atom, useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { lastLiveUpdateAtAtom, liveConnectionStateAtom, liveStatsAtom } from "./atoms";

/** Longest wait (ms) for the live channel's first event (a slow start on a busy device, a network that hangs; the bar's red spinner shows meanwhile). */
export const LIVE_SETTLE_CAP_MS = 10_000;

/** Longest wait (ms) once the live channel is connected and receiving (a household whose traffic never pauses). */
export const LIVE_SETTLE_RECEIVING_MS = 2_000;

/** Longest wait (ms) once the live channel is connected with nothing received (a household with nothing retained). */
export const LIVE_SETTLE_QUIET_MS = 1_000;

/**
 * How long (ms) the live channel must bring nothing new, everything received applied, before its
 * retained burst counts as complete. A burst reaches the page in several WebSocket messages (the
 * calendar in one, the settings in the next on the demo), and on a busy device the first may be
 * applied before the next arrives.
 */
export const LIVE_BURST_GAP_MS = 120;

/**
 * True when the live state has something to show and nothing is waiting: values were restored from
 * the offline snapshot (a returning device), or live values have been applied and the ingest's
 * queue is empty. May go back to false while a later burst is applied.
 */
export const liveStateAppliedAtom = atom(
  (get) => get(lastLiveUpdateAtAtom) !== null && get(liveStatsAtom).queued === 0,
);

/** Messages the live channel has brought so far (the ingest's `received`; 0 for a state restored from the snapshot). */
const liveReceivedAtom = atom((get) => get(liveStatsAtom).received);

/**
 * Whether a screen whose sections depend on retained live state (home: the switches chosen in
 * `settings/dashboardSwitches` above the rooms) may lay them out, so that nothing arrives above what
 * is already shown (CLS 0). True, and from then on (a later burst changes no layout):
 * - at once with values restored from the snapshot (a returning device; nothing received yet);
 * - on a first visit, once the retained burst is applied and `gapMs` pass with nothing new;
 * - `quietMs` after the live channel connected when nothing came (a household with nothing retained);
 * - `receivingMs` after it connected and started receiving, if its traffic never pauses;
 * - at once when its first event is a failure (a dead broker: the screen shows its loading tiles and
 *   the bar's red spinner, spec §2);
 * - `capMs` after the first render with no connection event at all.
 * @param capMs longest wait in ms for the first connection event (default {@link LIVE_SETTLE_CAP_MS})
 * @param quietMs longest wait in ms once connected with nothing received (default {@link LIVE_SETTLE_QUIET_MS})
 * @param gapMs pause in ms that ends a burst (default {@link LIVE_BURST_GAP_MS})
 * @param receivingMs longest wait in ms once connected and receiving (default {@link LIVE_SETTLE_RECEIVING_MS})
 */
export function useLiveStateSettled(
  capMs = LIVE_SETTLE_CAP_MS,
  quietMs = LIVE_SETTLE_QUIET_MS,
  gapMs = LIVE_BURST_GAP_MS,
  receivingMs = LIVE_SETTLE_RECEIVING_MS,
): boolean {
  const applied = useAtomValue(liveStateAppliedAtom);
  const received = useAtomValue(liveReceivedAtom);
  const connection = useAtomValue(liveConnectionStateAtom);
  const failed = connection !== "idle" && connection !== "connect";
  const restored = applied && received === 0;
  const [latched, setLatched] = useState(restored);
  // The burst is complete when nothing new came for gapMs with everything applied (re-armed by each message).
  useEffect(() => {
    if (latched || !applied) return;
    const handle = setTimeout(() => setLatched(true), gapMs);
    return () => clearTimeout(handle);
  }, [latched, applied, received, gapMs]);
  // Nothing to wait for (restored, or the channel failed); else the longest wait of each phase, from
  // when the phase began: no event yet, connected with nothing, connected and receiving.
  const phase = connection !== "connect" ? "connecting" : received === 0 ? "empty" : "receiving";
  useEffect(() => {
    if (latched) return;
    if (restored || failed) {
      setLatched(true);
      return;
    }
    const handle = setTimeout(
      () => setLatched(true),
      phase === "connecting" ? capMs : phase === "empty" ? quietMs : receivingMs,
    );
    return () => clearTimeout(handle);
  }, [restored, failed, latched, phase, capMs, quietMs, receivingMs]);
  return latched || restored || failed;
}
