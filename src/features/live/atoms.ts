import { atom, type PrimitiveAtom } from "jotai";
import { emptyIngestStats, type IngestStats, type LiveValue } from "../../lib/mqtt/ingest";
import { isLiveConnected, type LiveConnectionState } from "../../shared/liveConnection";

export type { LiveValue, IngestStats } from "../../lib/mqtt/ingest";
export type { LiveConnectionState } from "../../shared/liveConnection";

/** The last live-connection event (spec §4); "idle" until the connection starts. */
export const liveConnectionStateAtom = atom<LiveConnectionState>("idle");

/** True while the live connection is connected (spec §2: otherwise the top bar shows a red spinner). */
export const liveConnectedAtom = atom((get) => isLiveConnected(get(liveConnectionStateAtom)));

const valueAtoms = new Map<string, PrimitiveAtom<LiveValue | undefined>>();

/**
 * The atom of one live topic leaf (DESIGN §4: one atom per topic, so one message re-renders only
 * the tiles that read it): the newest value and when it arrived, undefined until the first message.
 * The same topic always gives the same atom.
 */
export function liveValueAtom(topic: string): PrimitiveAtom<LiveValue | undefined> {
  let valueAtom = valueAtoms.get(topic);
  if (!valueAtom) {
    valueAtom = atom<LiveValue | undefined>(undefined);
    valueAtom.debugLabel = `live:${topic}`;
    valueAtoms.set(topic, valueAtom);
  }
  return valueAtom;
}

/**
 * When the newest live value arrived (epoch ms), restored ones included; null before any. The
 * offline notice shows it as the time of the last update (issue 6). Written once per applied batch.
 */
export const lastLiveUpdateAtAtom = atom<number | null>(null);

/** Every topic seen so far; a new Set only when a new topic appears. */
export const liveTopicsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * Ingest counters (received, applied, dropped per reason, unchanged, topics held), updated once per
 * applied batch; `window.__liveStats()` shows them (benchmarks, the live-limits e2e test).
 */
export const liveStatsAtom = atom<IngestStats>(emptyIngestStats());
