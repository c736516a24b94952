import { atom } from "jotai";
import type { Toast } from "../ui/Toasts";
import type { JotaiStore } from "../shared/store";

/** How long a toast stays, ms (spec §9 "toast 5000 ms"). */
export const TOAST_MS = 5000;

/** Toasts currently shown, oldest first. */
export const toastsAtom = atom<readonly Toast[]>([]);

let nextId = 1;

/** Removes one toast by id. */
export function dismissToast(store: JotaiStore, id: number): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

/**
 * Returns `notify(message, tone)`: shows a toast for {@link TOAST_MS} (then removes it). Errors are the
 * default tone (a failed action is the usual reason to notify).
 */
export function createNotifier(store: JotaiStore): (message: string, tone?: Toast["tone"]) => void {
  return (message, tone = "error") => {
    const id = nextId++;
    store.set(toastsAtom, (toasts) => [...toasts, { id, message, tone }]);
    setTimeout(() => dismissToast(store, id), TOAST_MS);
  };
}
