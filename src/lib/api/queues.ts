import type PQueue from "p-queue";

/**
 * Named request queues (spec §7): `helper` runs one call at a time (device commands: a switch, a
 * light, the heater, AC, garage and gate, IR, an automation run), `task` two (uploads and long tasks:
 * the PV log, the Tasmota console, reloads).
 */
export type QueueName = "helper" | "task";

/** Concurrency of each named queue (spec §7). */
export const QUEUE_CONCURRENCY: Readonly<Record<QueueName, number>> = { helper: 1, task: 2 };

/** A job that waited in a queue longer than its `maxWaitMs` and was therefore never started. */
export class QueueWaitError extends Error {
  constructor(name: QueueName, maxWaitMs: number) {
    super(`waited over ${String(maxWaitMs)} ms in the ${name} queue: not sent`);
    this.name = "QueueWaitError";
  }
}

/** Options of one queued job. */
export type QueueJobOptions = {
  /**
   * The longest the job may wait for its turn, ms; a job whose turn comes later is never started and
   * rejects with {@link QueueWaitError} (a write must not leave long after the press, DESIGN §5).
   */
  maxWaitMs?: number;
};

/** A set of named queues, one p-queue each. */
export type Queues = { run<T>(name: QueueName, job: () => Promise<T>, options?: QueueJobOptions): Promise<T> };

/**
 * Creates a set of named queues (p-queue: well-kept, tested concurrency limits). The app creates one
 * set for all its API clients, so `helper` runs one device command at a time whatever base it calls.
 * p-queue is loaded with the first queued job (no call of the first screen is queued, so it stays out
 * of it); jobs queued meanwhile keep their order, and their wait counts from when they were queued.
 */
export function createQueues(now: () => number = () => performance.now()): Queues {
  let loaded: Promise<Record<QueueName, PQueue>> | null = null;
  const queuesOf = () =>
    (loaded ??= import("p-queue").then(({ default: Queue }) => ({
      helper: new Queue({ concurrency: QUEUE_CONCURRENCY.helper }),
      task: new Queue({ concurrency: QUEUE_CONCURRENCY.task }),
    })));
  return {
    run: async <T>(name: QueueName, job: () => Promise<T>, options: QueueJobOptions = {}): Promise<T> => {
      const queuedAt = now();
      const { maxWaitMs } = options;
      const queues = await queuesOf();
      return queues[name].add(
        () => {
          if (maxWaitMs !== undefined && now() - queuedAt > maxWaitMs)
            return Promise.reject(new QueueWaitError(name, maxWaitMs));
          return job();
        },
        { throwOnTimeout: true },
      );
    },
  };
}
