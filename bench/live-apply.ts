// The live state's side of sustained traffic on new topics, in Node without a browser, so
// the figures hold on a loaded machine: the applied batches (applyLiveBatch into a Jotai store) and the
// 5 s snapshot saves (liveSnapshotPersisted with a database stub that only takes the rows). Scenario:
// 2,000 topics held (the retained burst, batches of 64), then 200 messages/s on 200 topics the store
// had not seen, for 10 s, one batch per 60 Hz frame (3-4 values), a save every 5 s; median of ROUNDS.
// Prints per-message apply cost, the slowest frame's apply, and per save: leaves read (store.get
// calls), rows handed to the database, and time. CPU-independent figures: leaves read, rows saved.
// Runs against another source tree too (BENCH_SRC: a `src/` of an older commit, e.g. from
// `git archive <commit> src | tar -x -C <dir>` with `node_modules` linked beside it) for before/after.
// Run: `npx tsx bench/live-apply.ts`.
import { createStore } from "jotai";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type * as ApplyModule from "../src/platform/live/apply";
import type * as PersistedModule from "../src/platform/live/persisted";
import type { PersistContext } from "../src/lib/session/persisted";
import { printTable } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SRC = resolve(process.env.BENCH_SRC ?? new URL("../src", import.meta.url).pathname);
const { applyLiveBatch } = (await import(pathToFileURL(`${SRC}/platform/live/apply.ts`).href)) as typeof ApplyModule;
const { liveSnapshotPersisted } = (await import(
  pathToFileURL(`${SRC}/platform/live/persisted.ts`).href
)) as typeof PersistedModule;

const HELD = 2_000;
const NEW_TOPICS = 200;
const RATE = 200;
const SECONDS = 10;
const FPS = 60;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** One round's figures: apply cost, and per save (after the burst, +5 s, +10 s) leaves read, rows saved, time. */
type Round = {
  applyUsPerMessage: number;
  slowestFrameMs: number;
  leavesRead: number[];
  rowsSaved: number[];
  saveMs: number[];
};

async function round(): Promise<Round> {
  const store = createStore();
  let reads = 0;
  // One store object for the apply and the saver (the snapshot's changed topics are kept per store), counting its reads.
  const counting = { ...store, get: ((atom) => (reads++, store.get(atom))) as typeof store.get };
  const rowsSaved: number[] = [];
  const dbm = {
    saveLiveSnapshot: async (_db: unknown, rows: readonly unknown[]) => (
      rowsSaved.push(rows.length),
      { saved: rows.length, skipped: [] }
    ),
  };
  const saver = liveSnapshotPersisted.start({ store: counting, db: null, dbm } as unknown as PersistContext);
  const t0 = Date.now();
  for (let from = 0; from < HELD; from += 64) {
    applyLiveBatch(
      counting,
      new Map(
        Array.from({ length: Math.min(64, HELD - from) }, (_, i) => [
          `power/bench_${from + i}/POWER1`,
          { value: "ON", receivedAt: t0 },
        ]),
      ),
    );
  }
  return {
    ...(await sustain(
      counting,
      saver,
      () => reads,
      (n) => (reads = n),
    )),
    rowsSaved,
  };
}

async function sustain(
  store: ReturnType<typeof createStore>,
  saver: ReturnType<typeof liveSnapshotPersisted.start>,
  reads: () => number,
  setReads: (n: number) => void,
) {
  const leavesRead: number[] = [];
  const saveMs: number[] = [];
  const saves: Array<Promise<void>> = [];
  const save = () => {
    setReads(0);
    const started = performance.now();
    saves.push(
      saver.save().then(() => {
        saveMs.push(performance.now() - started);
        leavesRead.push(reads());
      }),
    );
  };
  save(); // the burst's first save, like the 5 s timer after connect
  let sent = 0;
  let applyMs = 0;
  let slowestFrameMs = 0;
  const frames = SECONDS * FPS;
  for (let frame = 1; frame <= frames; frame++) {
    const due = Math.floor((frame / FPS) * RATE);
    const batch = new Map<string, { value: unknown; receivedAt: number }>();
    for (; sent < due; sent++)
      batch.set(`power/fresh_${Math.floor((sent % NEW_TOPICS) / 4)}/POWER${(sent % 4) + 1}`, {
        value: sent % 2 ? "ON" : "OFF",
        receivedAt: Date.now() + sent,
      });
    const started = performance.now();
    if (batch.size > 0) applyLiveBatch(store, batch);
    const took = performance.now() - started;
    applyMs += took;
    slowestFrameMs = Math.max(slowestFrameMs, took);
    if (frame % (5 * FPS) === 0) save();
    // Between frames the event loop runs (a save in progress goes on, as in the page).
    await new Promise<void>((next) => setImmediate(next));
  }
  await Promise.all(saves);
  return { applyUsPerMessage: (1000 * applyMs) / sent, slowestFrameMs, leavesRead, saveMs };
}

const results: Round[] = [];
for (let i = 0; i < ROUNDS; i++) results.push(await round());
const per = (pick: (r: Round) => number[]) => [0, 1, 2].map((k) => median(results.map((r) => pick(r)[k] ?? NaN)));
const fmt = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(" / ");
printTable(
  `live apply and snapshot, ${HELD} topics held, then ${RATE} messages/s on ${NEW_TOPICS} new topics for ${SECONDS} s, median of ${ROUNDS} (${SRC})`,
  [
    ["apply, µs per message", median(results.map((r) => r.applyUsPerMessage)).toFixed(1)],
    ["slowest frame's apply, ms", median(results.map((r) => r.slowestFrameMs)).toFixed(2)],
    ["saves after burst / +5 s / +10 s: leaves read", fmt(per((r) => r.leavesRead))],
    ["saves after burst / +5 s / +10 s: rows to the database", fmt(per((r) => r.rowsSaved))],
    [
      "saves after burst / +5 s / +10 s: ms",
      fmt(
        per((r) => r.saveMs),
        2,
      ),
    ],
  ],
);
