/** The one way to send a command (DESIGN §4a): action atoms built with commandAtom, their pending marks and environment. */
export { commandAtom, type CommandOutcome, type CommandSpec, type CommandContext, type RefusalReason } from "./command";
export { commandPendingAtom } from "./pending";
export { commandEnvAtom, type CommandEnv, type Notify, type Translate } from "./env";
export { until, type WatchableStore } from "./until";
