import PQueue from "p-queue";

/** Named request queues (spec §7): `helper` runs one call at a time, `task` two. */
export type QueueName = "helper" | "task";

/** Concurrency of each named queue (spec §7). */
export const QUEUE_CONCURRENCY: Readonly<Record<QueueName, number>> = { helper: 1, task: 2 };

/** A set of named queues, one p-queue each. */
export type Queues = { run<T>(name: QueueName, job: () => Promise<T>): Promise<T> };

/** Creates the named queues of one API client (p-queue: well-kept, tested concurrency limits). */
export function createQueues(): Queues {
  const queues: Record<QueueName, PQueue> = {
    helper: new PQueue({ concurrency: QUEUE_CONCURRENCY.helper }),
    task: new PQueue({ concurrency: QUEUE_CONCURRENCY.task }),
  };
  return {
    run: <T>(name: QueueName, job: () => Promise<T>): Promise<T> =>
      queues[name].add(job, { throwOnTimeout: true }),
  };
}
