import type { ActionOutcome, AutomationAction, AutomationActionKind } from "../../contract/automations";

/** An action of one kind. */
export type ActionOf<K extends AutomationActionKind> = Extract<AutomationAction, { kind: K }>;

/** What an executor knows about the run it is part of. */
export interface RunContext {
  automation: { id: string; name: string };
}

/**
 * Carries out one action through its domain's service (the same function the HTTP route calls: the
 * one command pattern). Resolves when done; rejects with the reason (a HubError's message is shown).
 */
export type ActionExecutor<K extends AutomationActionKind> = (
  action: ActionOf<K>,
  context: RunContext,
) => Promise<void>;

/**
 * Checks an action's references when an automation is saved (does the switch exist, has it that
 * relay): null when fine, else `[field, rule]` (`["switch", "no such switch"]`), answered as
 * `400 actions.<i>.<field>: <rule>`.
 */
export type ActionCheck<K extends AutomationActionKind> = (action: ActionOf<K>) => [field: string, rule: string] | null;

type AnyExecutor = (action: AutomationAction, context: RunContext) => Promise<void>;
type AnyCheck = (action: AutomationAction) => [string, string] | null;

/** Longest error text kept in a run's outcome. */
const MAX_ERROR_CHARS = 500;

/** The text of a failed action's outcome. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}

/**
 * The action runner: a registry `action kind -> executor`, each domain plugging in its
 * own with one {@link register} line in server.ts. An action whose kind has no executor on this hub
 * (a heater the household does not have, a domain not built yet) ends `unavailable`, 'not
 * available: ...', and the run goes on with the next action.
 */
export class ActionRunner {
  private readonly executors = new Map<AutomationActionKind, { run: AnyExecutor; check?: AnyCheck }>();

  /** Registers the executor (and optionally the save-time check) of `kind`; a second one replaces the first. */
  register<K extends AutomationActionKind>(kind: K, run: ActionExecutor<K>, check?: ActionCheck<K>): this {
    // The map holds every kind; register's signature ties each executor to its own kind.
    this.executors.set(kind, {
      run: run as unknown as AnyExecutor,
      ...(check ? { check: check as unknown as AnyCheck } : {}),
    });
    return this;
  }

  /** True when `kind` has an executor. */
  has(kind: AutomationActionKind): boolean {
    return this.executors.has(kind);
  }

  /** The save-time check of `action` (null = fine, also for a kind without executor: it is kept and reported at run time). */
  check(action: AutomationAction): [string, string] | null {
    const entry = this.executors.get(action.kind);
    return entry?.check ? entry.check(action) : null;
  }

  /** Runs `actions` in order, each to its end; the outcome of each (never throws). */
  async run(actions: readonly AutomationAction[], context: RunContext): Promise<ActionOutcome[]> {
    const outcomes: ActionOutcome[] = [];
    for (const action of actions) {
      const entry = this.executors.get(action.kind);
      if (!entry) {
        outcomes.push({
          kind: action.kind,
          status: "unavailable",
          error: `not available: no ${action.kind} on this hub`,
        });
        continue;
      }
      try {
        await entry.run(action, context);
        outcomes.push({ kind: action.kind, status: "done" });
      } catch (error) {
        outcomes.push({ kind: action.kind, status: "failed", error: errorText(error) });
      }
    }
    return outcomes;
  }
}
