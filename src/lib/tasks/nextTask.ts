/** `scheduler.yield()` (Chromium 129+): resumes before other queued tasks of the same priority. */
type SchedulerWithYield = { yield?: () => Promise<void> };

/**
 * Resolves in a new macrotask, so the work after `await nextTask()` is a task of its own and the
 * browser can paint and take input in between (no long task while the app boots). Uses
 * `scheduler.yield()` where the browser has it, else a MessageChannel message; never `setTimeout`,
 * which a hidden tab (a kiosk booting behind another app) throttles to once a second. Never rejects.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield().catch(() => undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
