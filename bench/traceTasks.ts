// The renderer main thread's tasks of one trace, one line each (total blocking time): start (ms
// from navigation), duration, and what ran inside, by self time, with the script each call came from.
// Lighthouse's simulated 4x CPU counts an observed task of more than 12.5 ms as blocking, so that is
// the default threshold. Run: `npx tsx bench/traceTasks.ts <trace.json> [thresholdMs]` (traces from
// LIGHTHOUSE_TRACE_DIR=... npx tsx bench/lighthouse.ts).
import { readFileSync } from "node:fs";
import { rendererMainThread, TASK_NAMES, type TraceEvent } from "./traceSummary";

const [file, thresholdText] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx bench/traceTasks.ts <trace.json> [thresholdMs]");
const threshold = Number(thresholdText ?? 12.5);
const { traceEvents } = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };

const main = rendererMainThread(traceEvents);
const navigation =
  traceEvents
    .filter((e) => e.name === "navigationStart" && `${e.pid}:${e.tid}` === main)
    .map((e) => e.ts)
    .sort((a, b) => b - a)[0] ?? 0;
const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint" && `${e.pid}:${e.tid}` === main)?.ts;
const onMain = traceEvents
  .filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === main && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

const short = (url: string | undefined) =>
  url ? url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "") : "";
type Open = { end: number; label: string; self: number; task: Map<string, number> | null };
const stack: Open[] = [];
let blocking = 0;
const close = (until: number) => {
  while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
    const done = stack.pop();
    if (done?.task) done.task.set(done.label, (done.task.get(done.label) ?? 0) + done.self / 1000);
  }
};
const lines: string[] = [];
const pending: Array<{ index: number; parts: Map<string, number> }> = [];
for (const e of onMain) {
  close(e.ts);
  const dur = e.dur ?? 0;
  const parent = stack[stack.length - 1];
  if (parent) parent.self -= Math.min(dur, parent.end - e.ts);
  const data = e.args?.data;
  const label =
    data?.url || data?.functionName ? `${e.name} ${short(data.url)} ${data.functionName ?? ""}`.trim() : e.name;
  let task: Map<string, number> | null = parent?.task ?? null;
  if (!parent && TASK_NAMES.has(e.name) && dur / 1000 > threshold) {
    task = new Map();
    const startMs = (e.ts - navigation) / 1000;
    if (fcp === undefined || e.ts >= fcp) blocking += Math.max(0, (dur / 1000) * 4 - 50);
    // The line's parts are filled in once the task's events are closed.
    lines.push(`@${startMs.toFixed(0)} ms  ${(dur / 1000).toFixed(1)} ms: `);
    pending.push({ index: lines.length - 1, parts: task });
  }
  stack.push({ end: e.ts + dur, label, self: dur, task });
}
close(Number.POSITIVE_INFINITY);
for (const { index, parts } of pending) {
  const top = [...parts]
    .filter(([name]) => !TASK_NAMES.has(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  lines[index] += top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(" | ");
}
console.log(lines.join("\n"));
console.log(
  `FCP at ${fcp === undefined ? "?" : ((fcp - navigation) / 1000).toFixed(0)} ms; tasks over ${threshold} ms: ${pending.length}; their blocking time at 4x (after FCP, no simulation): ${blocking.toFixed(0)} ms`,
);
