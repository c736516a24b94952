import * as v from "valibot";
import { PANELS_REVISION_TOPIC, PanelCommandSchema, PanelStateSchema } from "../../../contract/panels";
import { liveFamily } from "../../platform/live/family";

/**
 * `panel/<id>/command` (or `panel/<channel>/command` on a household Mosquitto): the commands the house sent
 * the panel (the broker delivers only this panel's own). Events: every one reaches the store, in order.
 */
export const panelCommand = liveFamily({
  pattern: "panel/+/command",
  events: true,
  schema: PanelCommandSchema,
  map: (payload, receivedAt) => ({ command: payload, receivedAt }),
});

/** `panel/<id>/state`: a panel's last report with `at` and `online` (retained). */
export const panelState = liveFamily({ pattern: "panel/+/state", schema: PanelStateSchema, map: (payload) => payload });

/** `panels/revision`: changes when the list of panels or a panel's name, room or profile changes (the menu refetches). */
export const panelsRevision = liveFamily({
  pattern: PANELS_REVISION_TOPIC,
  schema: v.object({ revision: v.number(), at: v.string() }),
  map: (payload) => payload.revision,
});
