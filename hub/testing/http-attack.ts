import { Worker } from "node:worker_threads";

/** What {@link concurrentGets} measured, from the attacker's side. */
export interface ConcurrentGetsResult {
  /** The status of each attacking request, in order (0: the connection failed). */
  statuses: number[];
  /** From the first request sent to the last answer read, ms. */
  totalMs: number;
  /** The unrelated requests, one sent `probeAfterMs` after the attack began and then one every `probeEveryMs` while it lasts: their statuses and how long each took, ms. */
  probes: { status: number; ms: number }[];
}

/** The attacker, run in a worker thread: its own event loop, so it sends all at once and times the answers as a client on another machine would. */
const ATTACKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, path, probePath, cookie, count, probeAfterMs, probeEveryMs } = workerData;
const get = (target) => fetch(url + target, { headers: { cookie } }).then(async (response) => (await response.arrayBuffer(), response.status), () => 0);
(async () => {
  const start = performance.now();
  let done = false;
  const attack = Promise.all(Array.from({ length: count }, () => get(path))).finally(() => (done = true));
  const probes = [];
  await new Promise((resolve) => setTimeout(resolve, probeAfterMs));
  do {
    const sent = performance.now();
    const status = await get(probePath);
    probes.push({ status, ms: performance.now() - sent });
    await new Promise((resolve) => setTimeout(resolve, probeEveryMs));
  } while (!done);
  const statuses = await attack;
  parentPort.postMessage({ statuses, totalMs: performance.now() - start, probes });
})();
`;

/**
 * Sends `count` concurrent `GET path` to the hub at `url` with `cookie` and, while they are under
 * way, unrelated `GET probePath` one after another (the first `probeAfterMs` after the attack
 * began, then `probeEveryMs` after the previous answer; at least one), from a worker thread (the hub under test runs on this thread, so
 * a client here could not send while the hub is busy). Every answer's body is read to its end.
 */
export function concurrentGets(options: {
  url: string;
  path: string;
  probePath: string;
  cookie: string;
  count: number;
  probeAfterMs?: number;
  probeEveryMs?: number;
}): Promise<ConcurrentGetsResult> {
  const workerData = {
    probeAfterMs: 50,
    probeEveryMs: 100,
    ...options,
    url: options.url.replace("localhost", "127.0.0.1"),
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(ATTACKER, { eval: true, workerData });
    worker.once("message", (result: ConcurrentGetsResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
