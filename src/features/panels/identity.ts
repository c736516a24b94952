import * as v from "valibot";
import { PanelIdSchema } from "../../../contract/panels";

/** Where this browser keeps its panel id (localStorage): it survives logout, so a login again is the same panel. */
export const PANEL_ID_KEY = "panel.id";

/** A new random panel id: `p-` and 24 hex digits (contract/panels.ts PanelIdSchema). */
export function newPanelId(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(12));
  return `p-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * This browser's panel id from `storage`, made and stored at the first call (a stored value that is
 * not a panel id is replaced). Without storage (private mode refusing it) a new id each load.
 */
export function panelIdOf(storage: Pick<Storage, "getItem" | "setItem"> | null): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(PANEL_ID_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (stored !== null && v.is(PanelIdSchema, stored)) return stored;
  const id = newPanelId();
  try {
    storage?.setItem(PANEL_ID_KEY, id);
  } catch {
    // kept for this load only
  }
  return id;
}
