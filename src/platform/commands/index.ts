/** The one way to send a command (DESIGN §4a): action atoms built with commandAtom, their pending marks, environment and the one gate of controls. */
export { commandAtom, type CommandOutcome, type CommandSpec, type CommandContext, type RefusalReason } from "./command";
export { commandPendingAtom } from "./pending";
export { commandEnvAtom, type CommandEnv, type Notify, type Translate } from "./env";
export { until, type WatchableStore } from "./until";
export { GateReason, type GateReasonProps } from "./GateReason";
export {
  useCommandGate,
  gateCause,
  gateReasonProps,
  GATE_REASON_KEYS,
  type CommandGate,
  type GateCause,
  type GateTarget,
} from "./gate";
