import { atom } from "jotai";
import type { Automation, AutomationRun } from "../../../contract/automations";

/** The automations as the hub last answered them (null until the screen loaded them). */
export const automationsAtom = atom<readonly Automation[] | null>(null);

/** Puts `automation` in the list (replacing the one with its id, else appended). */
export function withAutomation(list: readonly Automation[] | null, automation: Automation): Automation[] {
  const current = list ?? [];
  return current.some((item) => item.id === automation.id)
    ? current.map((item) => (item.id === automation.id ? automation : item))
    : [...current, automation];
}

/** Sets the last run of automation `id` (unless the list already holds a later one). */
export function withRun(
  list: readonly Automation[] | null,
  id: string,
  run: AutomationRun,
): readonly Automation[] | null {
  if (!list) return list;
  return list.map((item) =>
    item.id === id && (item.lastRun === null || item.lastRun.at <= run.at) ? { ...item, lastRun: run } : item,
  );
}
