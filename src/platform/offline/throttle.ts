/**
 * Runs `save` at most once per `intervalMs`, and only when `version()` changed since the last
 * successful save (spec §7 "persisted every 5 s"). `flush()` saves
 * at once if something changed (page hide). A failing save is retried on the next tick. Returns
 * `{ flush, stop }`; `stop` clears the timer without saving.
 */
export function everyIntervalWhileChanged(
  version: () => unknown,
  save: () => Promise<void>,
  intervalMs = 5000,
): { flush: () => Promise<void>; stop: () => void } {
  let saved: unknown = version();
  let running: Promise<void> | undefined;

  const flush = async (): Promise<void> => {
    if (running) return running;
    const current = version();
    if (Object.is(current, saved)) return;
    running = save()
      .then(() => {
        saved = current;
      })
      .catch((error: unknown) => console.warn("persisting state failed; will retry", error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void flush(), intervalMs);
  return { flush, stop: () => clearInterval(timer) };
}
