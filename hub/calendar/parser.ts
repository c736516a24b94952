import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { HubLogger } from "../broker/link";
import { CalendarFailure, MAX_EXPANSION_MS, type Occurrence } from "./ics";
import type { ParseAnswer, ParseRequest, WorkerReady } from "./parseJob";

/** The calendar worker's V8 old-generation heap, MB: a file that needs more ends that worker (code `invalid`). */
export const CALENDAR_WORKER_HEAP_MB = 256;
/** Longest a fresh calendar worker may take to load (ical.js, or the TypeScript sources under tsx), ms. */
export const CALENDAR_WORKER_START_MS = 20_000;

/** How the calendar worker is bounded (CalendarOptions.parser; tests make them small). */
export type ParserOptions = {
  /** Longest one file's reading and expansion may run in the worker, ms (default MAX_EXPANSION_MS, 5 s). */
  timeoutMs?: number;
  /** The worker's heap, MB (default {@link CALENDAR_WORKER_HEAP_MB}). */
  heapMb?: number;
};

/** A file read and expanded: the window's occurrences (household time, epoch ms) and the events ical.js skipped. */
export type Expanded = { occurrences: Occurrence[]; skipped: number };

/**
 * How the worker starts: from the bundle (`node dist-hub/main.js`), dist-hub/calendar-worker.js beside
 * the running chunk (scripts/build-hub.ts builds it); from the sources (tsx, vitest),
 * hub/calendar/worker.ts behind a small script that registers tsx's loader in the worker thread first
 * (Node 20 does not carry the parent's loader into workers). `import.meta.filename` is the running file
 * (the bundle's build keeps `import.meta.url` pointing at the sources).
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  if (!import.meta.filename.endsWith(".ts"))
    return { script: pathToFileURL(join(import.meta.dirname, "calendar-worker.js")), eval: false };
  const tsx = pathToFileURL(
    join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs"),
  );
  const entry = new URL("./worker.ts", import.meta.url);
  return {
    script: `import(${JSON.stringify(tsx.href)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`,
    eval: true,
  };
}

type Running = {
  job: number;
  resolve: (expanded: Expanded) => void;
  reject: (failure: CalendarFailure) => void;
  timer: NodeJS.Timeout;
};

/**
 * Reads and expands ICS files off the hub's main thread: one long-lived worker thread
 * (hub/calendar/worker.ts, started on the first {@link IcsParser.parse}, `unref()`ed so it never
 * keeps the hub alive), one file at a time in call order. A file whose reading and expansion run
 * past `timeoutMs` has its worker terminated and is refused `too_many_recurrences`; a worker that
 * dies (an uncaught error, its heap of `heapMb` exhausted, failing to load) refuses the file under
 * way `invalid`. Either way the next file gets a fresh worker.
 */
export class IcsParser {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private running: Running | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private jobs = 0;
  private stopped = false;

  constructor(
    private readonly options: ParserOptions = {},
    private readonly log: HubLogger | null = null,
  ) {}

  /**
   * The occurrences of the ICS file `bytes` overlapping [`from`, `to`) (epoch ms), as
   * checkIcs → parseIcs → expandIcs answer them (ics.ts), computed in the worker (the bytes are copied).
   * @throws CalendarFailure the file's refusal (`binary`, `not_ics`, `line_too_long`, `too_deep`,
   *   `too_many_events`, `too_many_recurrences`, `invalid`); `too_many_recurrences` past `timeoutMs`;
   *   `invalid` when the worker dies or the parser is stopped
   */
  parse(bytes: Uint8Array, from: number, to: number): Promise<Expanded> {
    const result = this.queue.then(() => this.run(bytes, from, to));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Ends the worker; files waiting or under way are refused `invalid`. */
  stop(): void {
    this.stopped = true;
    this.lose(this.worker, "the hub is stopping");
  }

  private async run(bytes: Uint8Array, from: number, to: number): Promise<Expanded> {
    if (this.stopped) throw new CalendarFailure("invalid", "the hub is stopping");
    const worker = await this.started();
    const timeoutMs = this.options.timeoutMs ?? MAX_EXPANSION_MS;
    return new Promise<Expanded>((resolve, reject) => {
      const job = ++this.jobs;
      const timer = setTimeout(() => {
        this.log?.warn({ timeoutMs }, "calendar file took too long to read; its worker ended");
        this.lose(worker, `reading and expanding took over ${timeoutMs} ms`, "too_many_recurrences");
      }, timeoutMs);
      this.running = { job, resolve, reject, timer };
      worker.postMessage({ job, bytes, from, to } satisfies ParseRequest);
    });
  }

  /** The worker, started (and loaded) when there is none. */
  private started(): Promise<Worker> {
    if (this.ready) return this.ready;
    const entry = workerEntry();
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? CALENDAR_WORKER_HEAP_MB },
    });
    worker.unref();
    this.worker = worker;
    const ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(
        () => this.lose(worker, `did not start within ${CALENDAR_WORKER_START_MS} ms`),
        CALENDAR_WORKER_START_MS,
      );
      worker.on("message", (message: ParseAnswer | WorkerReady) => {
        if ("ready" in message) {
          clearTimeout(timer);
          return resolve(worker);
        }
        const running = this.running;
        if (!running || running.job !== message.job) return;
        clearTimeout(running.timer);
        this.running = null;
        if (message.ok) running.resolve({ occurrences: message.occurrences, skipped: message.skipped });
        else running.reject(new CalendarFailure(message.code, message.message));
      });
      const lost = (reason: string) => {
        clearTimeout(timer);
        reject(new CalendarFailure("invalid", `the calendar worker stopped: ${reason}`));
        this.lose(worker, reason);
      };
      worker.on("error", (error) => {
        this.log?.warn({ error: String(error) }, "calendar worker failed");
        lost(error.message);
      });
      worker.on("exit", (code) => lost(`exited with code ${code}`));
    });
    this.ready = ready;
    return ready;
  }

  /** Ends `worker` if it is the current one, refusing the file under way with `code`. */
  private lose(worker: Worker | null, reason: string, code: "invalid" | "too_many_recurrences" = "invalid"): void {
    if (!worker || worker !== this.worker) return;
    this.worker = null;
    this.ready = null;
    void worker.terminate();
    const running = this.running;
    this.running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(new CalendarFailure(code, reason));
    }
  }
}
