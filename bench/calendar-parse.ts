// The hub's main thread while a 5 MB calendar is read (hub/calendar): a file of 19,000 events
// (hub/calendar/sampleIcs.ts, just under MAX_ICS_BYTES) checked, parsed and expanded over the hub's
// 15-day window, ROUNDS times each way, printing the main thread's longest event-loop stall
// (perf_hooks monitorEventLoopDelay, 10 ms resolution) and the wall time per file:
//   before  checkIcs → parseIcs → expandIcs on the main thread (as the hub did)
//   after   IcsParser: the same in the calendar worker thread (the first round includes starting it)
//   idle    nothing to do for 1 s: the floor a loaded machine's scheduling sets (other processes, other threads)
// From the sources the worker loads through tsx, as in tests. Run: `npx tsx bench/calendar-parse.ts`.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { checkIcs, expandIcs, parseIcs } from "../hub/calendar/ics";
import { IcsParser } from "../hub/calendar/parser";
import { largeIcs } from "../hub/calendar/sampleIcs";
import { ms, printTable } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DAY = 86_400_000;
const from = Date.parse("2026-11-26T23:00:00Z");
const to = from + 15 * DAY;
const bytes = largeIcs();

/** The longest event-loop stall (ms) and the wall time (ms) while `work` runs. */
async function measured(work: () => Promise<number>): Promise<{ stall: number; wall: number; occurrences: number }> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const occurrences = await work();
  const wall = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.disable();
  return { stall: delay.max / 1e6, wall, occurrences };
}

const before: Awaited<ReturnType<typeof measured>>[] = [];
const after: Awaited<ReturnType<typeof measured>>[] = [];
const parser = new IcsParser();
// The worker's rounds first: the main thread's own parses leave garbage whose collection would land in them.
for (let round = 0; round < ROUNDS; round++)
  after.push(
    await measured(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return (await parser.parse(bytes, from, to)).occurrences.length;
    }),
  );
for (let round = 0; round < ROUNDS; round++)
  before.push(
    await measured(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return expandIcs(parseIcs(checkIcs(bytes)), from, to).length;
    }),
  );
parser.stop();
const idle = await measured(async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return 0;
});

const worst = (list: typeof before, key: "stall" | "wall") => Math.max(...list.map((entry) => entry[key]));
const median = (list: typeof before, key: "stall" | "wall") =>
  list.map((entry) => entry[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
printTable(
  `calendar: ${(bytes.length / 1e6).toFixed(2)} MB, 19,000 events, ${after[0]?.occurrences} occurrences in 15 days, ${ROUNDS} rounds`,
  [
    ["before: main-thread stall, median / worst", `${ms(median(before, "stall"))} / ${ms(worst(before, "stall"))}`],
    ["before: wall per file, median", ms(median(before, "wall"))],
    [
      "after: main-thread stall, median / worst",
      `${ms(median(after, "stall"))} / ${ms(worst(after, "stall"))}`,
      "well under 200 ms",
    ],
    ["after: wall per file, median (first round starts the worker)", ms(median(after, "wall"))],
    ["idle: main-thread stall over 1 s with nothing to do (the machine's floor)", ms(idle.stall)],
  ],
);
