import { atom } from "jotai";
import type { ApiClients } from "../../lib/api/clients";
import type { WatchableStore } from "./until";

/** Shows a toast (spec §9: 5000 ms); errors are the default tone. */
export type Notify = (message: string, tone?: "error" | "info") => void;

/** Translates an i18n key of the app's resources (i18next's `t`). */
export type Translate = (key: string) => string;

/**
 * What every command uses: the API clients, the toast function, the translation of its texts, and
 * the store itself (read and subscribe: a command waiting for a device's echo watches its atom).
 */
export type CommandEnv = { api: ApiClients; notify: Notify; translate: Translate; store: WatchableStore };

/**
 * The commands' environment (DESIGN §4a: the API client and notify come from the store, not from
 * props). Set ONCE at app start (src/app/boot.ts) and by the test render helper; null before that,
 * and a command then fails (logged).
 */
export const commandEnvAtom = atom<CommandEnv | null>(null);
