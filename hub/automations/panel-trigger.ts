import type { Automation, AutomationTrigger } from "../../contract/automations";
import type { PanelState } from "../../contract/panels";
import { thresholdCrossed } from "./triggers";

type PanelTrigger = Extract<AutomationTrigger, { type: "panel" }>;

/** The value of `field` in a panel's state (`battery`: the level, `charging`: the battery's flag). */
function valueOf(state: PanelState, field: PanelTrigger["field"]): string | number | boolean | undefined {
  switch (field) {
    case "battery":
      return state.battery?.level;
    case "charging":
      return state.battery?.charging;
    default:
      return state[field];
  }
}

/**
 * Panel triggers (contract/automations.ts PanelTriggerSchema) judged on one `panel/<id>/state`: which
 * of `automations` (panel triggers) fire for panel `panelId`. Edges only: `above` / `below` when the
 * battery level crosses it (triggers.ts thresholdCrossed), `equals` when the field changes to it;
 * nothing fires on the first state seen of a panel (the retained one at start). Remembers each
 * panel's last state.
 */
export class PanelTriggers {
  private readonly last = new Map<string, PanelState>();

  /** The automations the state `state` of panel `panelId` fires. */
  fired(panelId: string, state: PanelState, automations: Iterable<Automation>): Automation[] {
    const previous = this.last.get(panelId);
    this.last.set(panelId, state);
    if (!previous) return [];
    const out: Automation[] = [];
    for (const automation of automations) {
      const trigger = automation.trigger;
      if (trigger.type !== "panel" || (trigger.panelId !== undefined && trigger.panelId !== panelId)) continue;
      const before = valueOf(previous, trigger.field);
      const now = valueOf(state, trigger.field);
      if (now === undefined) continue;
      if (trigger.equals !== undefined) {
        if (now === trigger.equals && before !== now) out.push(automation);
        continue;
      }
      if (typeof now !== "number") continue;
      const direction = trigger.above !== undefined ? "above" : "below";
      const limit = trigger.above ?? trigger.below ?? 0;
      if (thresholdCrossed({ direction, value: limit }, typeof before === "number" ? before : undefined, now))
        out.push(automation);
    }
    return out;
  }

  /** Forgets panel `panelId` (its retained state was cleared). */
  forget(panelId: string): void {
    this.last.delete(panelId);
  }
}
