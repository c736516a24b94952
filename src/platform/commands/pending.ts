import { atom, type PrimitiveAtom } from "jotai";
import { createFamily } from "../../lib/state/family";

/**
 * Whether a command for `target` (a stable id: 'session', 'preferences', 'switch:lamp/1') is on its
 * way: set when the request leaves, cleared when it ends. A control reads it to show a spinner and
 * disable itself (DESIGN §4a: no optimistic value without a pending mark). The same target gives the
 * same atom while anything reads it; released when nothing does.
 */
export const commandPendingAtom = createFamily<string, PrimitiveAtom<boolean>>(() => atom(false), {
  releaseWhenUnused: true,
});
