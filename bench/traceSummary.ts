// Summary of a Chromium performance trace (bench/live-new-topics.ts, bench/dashboard-trace.ts): what
// the renderer's main thread did inside its long tasks, by trace event name.

/** Trace categories that give the main thread's tasks (`RunTask`), script, style, layout and paint. */
export const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "v8.execute", "blink.user_timing"];

/** A trace event as Chromium writes it (`traceEvents` of a trace file); times in µs. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
};

/** What the long tasks of a trace were made of: how many, their total (ms), and self time (ms) per event name. */
/** Names Chromium gives a main-thread task (older versions: `RunTask`). */
export const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * The renderer's main thread as `pid:tid`: a thread named `CrRendererMain`, the one with most task
 * (`RunTask`) time when there are several (other tabs, about:blank); undefined when the trace has none.
 */
export function rendererMainThread(events: readonly TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const runTime = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === "X" && TASK_NAMES.has(e.name) && mains.has(key))
      runTime.set(key, (runTime.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...runTime].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export type TraceSummary = {
  longTasks: number;
  longestMs: number;
  totalMs: number;
  selfMsByName: Array<[name: string, ms: number]>;
};

/**
 * Finds the renderer's main thread (`CrRendererMain`; the one with most `RunTask` time when there are
 * several), takes its top-level tasks (`ThreadControllerImpl::RunTask`, formerly `RunTask`) longer than `thresholdMs`, and adds up the self time
 * (duration minus nested events) of every complete event inside them, by name: `FunctionCall` and
 * `v8.*` are script, `Paint`, `Layout`, `UpdateLayoutTree` (style), `PrePaint`, `Layerize` are rendering.
 */
export function summariseTrace(events: readonly TraceEvent[], thresholdMs = 50): TraceSummary {
  const main = rendererMainThread(events);
  const onMain = events
    .filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === main && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const selfByName = new Map<string, number>();
  let longTasks = 0;
  let longestMs = 0;
  let totalMs = 0;
  // Events are nested by time on one thread: walk them with a stack, charging each event's time to itself minus its children.
  const stack: Array<{ end: number; name: string; self: number; inLong: boolean }> = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done?.inLong) selfByName.set(done.name, (selfByName.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const e of onMain) {
    close(e.ts);
    const dur = e.dur ?? 0;
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(dur, parent.end - e.ts);
    const topLong = !parent && TASK_NAMES.has(e.name) && dur / 1000 > thresholdMs;
    if (topLong) {
      longTasks++;
      longestMs = Math.max(longestMs, dur / 1000);
      totalMs += dur / 1000;
    }
    stack.push({ end: e.ts + dur, name: e.name, self: dur, inLong: topLong || (parent?.inLong ?? false) });
  }
  close(Number.POSITIVE_INFINITY);
  const selfMsByName = [...selfByName].sort((a, b) => b[1] - a[1]);
  return { longTasks, longestMs, totalMs, selfMsByName };
}
