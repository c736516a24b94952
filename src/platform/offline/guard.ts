import type { JotaiStore } from "../../shared/store";
import { offlineAtom, refusedWriteAtom } from "./atoms";
import { OfflineWriteError } from "./connectivity";

/**
 * Runs a control's write only while online ("While offline every control says it cannot act
 * now and sends nothing"; DESIGN.md §5: writes are never queued or replayed). Offline, `action` is not
 * called: the refusal is recorded in `refusedWriteAtom` (the offline notice shows it) and the promise
 * rejects with {@link OfflineWriteError}; `label` names the control for that message (e.g. the HTTP
 * method and path, or 'garage/open').
 */
export async function guardWrite<T>(
  store: JotaiStore,
  label: { method: string; path: string },
  action: () => Promise<T>,
): Promise<T> {
  if (store.get(offlineAtom)) {
    store.set(refusedWriteAtom, { at: Date.now(), ...label });
    throw new OfflineWriteError(label.method, label.path);
  }
  return action();
}

/** True when `error` is the refusal of a write while offline (so a control can show its own message). */
export function isOfflineWriteError(error: unknown): boolean {
  if (error instanceof OfflineWriteError) return true;
  return error instanceof Error && error.cause instanceof OfflineWriteError;
}
