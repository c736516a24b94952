import { atom, type Atom, type Getter, type Setter, type WritableAtom } from "jotai";
import type { ApiClients } from "../../lib/api/clients";
import { sessionAtom } from "../auth/atoms";
import { offlineAtom, refusedWriteAtom } from "../offline/atoms";
import { commandEnvAtom } from "./env";
import { commandPendingAtom } from "./pending";
import { until } from "./until";

/** Why a command did not leave: offline, the session is locked, or one for the same target is on its way. */
export type RefusalReason = "offline" | "locked" | "busy";

/** What a command's atom resolves with; it never rejects. */
export type CommandOutcome<T> =
  { status: "done"; value: T } | { status: "refused"; reason: RefusalReason } | { status: "failed"; error: unknown };

/**
 * What a command's `run` receives: the API clients (from the store), the store's get/set, and
 * `until(state, done, timeoutMs)`: true once `done` holds for the atom's value, false after the
 * timeout (src/platform/commands/until.ts; a device's confirmation on the live channel).
 */
export type CommandContext = {
  api: ApiClients;
  get: Getter;
  set: Setter;
  until: <V>(state: Atom<V>, done: (value: V) => boolean, timeoutMs: number) => Promise<boolean>;
};

/** A command's definition (see {@link commandAtom}). */
export type CommandSpec<Args, T> = {
  /** The target it acts on, a stable id read by the control's pending mark: 'session', 'switch:lamp/1'. */
  target: (args: Args) => string;
  /** What is sent, for the offline notice's refusal record: HTTP method and path, e.g. POST /session/lock. */
  request: (args: Args) => { method: string; path: string };
  /**
   * Calls the API (and may write atoms: an optimistic value, which it restores itself before
   * rethrowing, so a failure leaves the state as it was). Its result is
   * the command's value; where a live channel exists, the device's echo confirms the new state, not
   * this function. Rejects with the API's error.
   */
  run: (context: CommandContext, args: Args) => Promise<T>;
  /** i18n key of the failure toast (5000 ms, spec §9), or a function choosing it by the error; default `commands.failed`. */
  failureKey?: string | ((error: unknown) => string);
  /** True for a command that must work on the PIN screen too (logout). Default false. */
  allowedWhileLocked?: boolean;
};

/** i18n key of the toast when a command is refused because the session is locked. */
export const LOCKED_REFUSAL_KEY = "commands.locked";
/** Default i18n key of the failure toast. */
export const DEFAULT_FAILURE_KEY = "commands.failed";

/**
 * Builds a command's action atom (DESIGN §4a "One command pattern"; write it with `useSetAtom` or
 * `store.set`). In order:
 * 1. refuses while offline: nothing is sent, the refusal is recorded in `refusedWriteAtom`, so the
 *    offline notice says 'Nie można teraz wykonać tej akcji: brak połączenia. Nic nie zostało
 *    wysłane.' (DESIGN §5: writes are never queued or replayed);
 * 2. refuses while the session is locked (unless `allowedWhileLocked`), with a toast;
 * 3. refuses while a command for the same target is on its way (the control shows it pending);
 * 4. marks the target pending ({@link commandPendingAtom}), calls `run` with the API clients from
 *    the store ({@link commandEnvAtom}), and clears the mark however it ends;
 * 5. on failure shows a toast in the user's language (Polish by default) for
 *    5000 ms (spec §9).
 * Resolves with a {@link CommandOutcome}; never rejects.
 */
export function commandAtom<Args, T>(
  spec: CommandSpec<Args, T>,
): WritableAtom<null, [Args], Promise<CommandOutcome<T>>> {
  return atom(null, async (get, set, args: Args): Promise<CommandOutcome<T>> => {
    const env = get(commandEnvAtom);
    const notify = (key: string) => {
      if (env) env.notify(env.translate(key), "error");
      else console.warn(`command: no toast host for ${key}`);
    };
    if (get(offlineAtom)) {
      set(refusedWriteAtom, { at: Date.now(), ...spec.request(args) });
      return { status: "refused", reason: "offline" };
    }
    if (!spec.allowedWhileLocked && get(sessionAtom).status === "locked") {
      notify(LOCKED_REFUSAL_KEY);
      return { status: "refused", reason: "locked" };
    }
    const pending = commandPendingAtom(spec.target(args));
    if (get(pending)) return { status: "refused", reason: "busy" };
    set(pending, true);
    try {
      if (env === null) throw new Error("commands: commandEnvAtom was not set at app start");
      const store = env.store;
      const context: CommandContext = {
        api: env.api,
        get,
        set,
        until: (state, done, timeoutMs) => until(store, state, done, timeoutMs),
      };
      return { status: "done", value: await spec.run(context, args) };
    } catch (error) {
      console.warn("command failed", spec.request(args), error);
      notify((typeof spec.failureKey === "function" ? spec.failureKey(error) : spec.failureKey) ?? DEFAULT_FAILURE_KEY);
      return { status: "failed", error };
    } finally {
      set(pending, false);
    }
  });
}
