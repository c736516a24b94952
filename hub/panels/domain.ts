import { defineDomain } from "../core/domain";
import { panelsRoutes } from "./routes";
import { PanelsService } from "./service";
import { PANELS_MIGRATIONS, PanelStore } from "./store";

/**
 * The household's panels (docs/contract.md "Panels"): each browser that logs in registers as a
 * panel (table `panels`), reports its battery, visibility, screen and screensaver state (retained
 * `panel/<id>/state`, read by the `panel` automation trigger), and receives commands on
 * `panel/<id>/command` (from `POST /panels/commands` and the `panel.command` action; the embedded
 * broker forwards each only to the browser connections of its panel's session), or on a household
 * Mosquitto on `panel/<channel>/command`, the panel's secret MQTT client id (PanelsService).
 */
export const panelsDomain = defineDomain({
  name: "panels",
  routes: { panels: ["general", "generalV1"] },
  migrations: PANELS_MIGRATIONS,
  topicRoots: ["panel", "panels"],
  automation: { actions: ["panel.command"], triggers: ["panel"] },
  start: ({ db, link, log, sessionPanels, sessions, actions, options }) => {
    const panels = new PanelsService({
      store: new PanelStore(db),
      link,
      sessionPanels,
      log,
      commandChannels: options.mqttUrl !== undefined,
      ...(options.panels?.offlineAfterMs !== undefined ? { offlineAfterMs: options.panels.offlineAfterMs } : {}),
      ...(options.panels?.commandClockSkewMs !== undefined
        ? { commandClockSkewMs: options.panels.commandClockSkewMs }
        : {}),
    }).start();
    // `panel.command` -> PanelsService.send, as POST /panels/commands; saved only for a panel that exists.
    actions.register(
      "panel.command",
      async (action) => {
        await panels.send(action.target, action.command);
      },
      (action) =>
        action.target.to === "panel" && panels.targets(action.target).length === 0 ? ["target", "no such panel"] : null,
    );
    const unsubscribe = sessions.onEnded((end) => {
      if (end.reason === "revoked") panels.sessionRevoked(end.sessionId);
    });
    return {
      service: panels,
      routes: { panels: panelsRoutes({ panels }) },
      stop: () => {
        unsubscribe();
        panels.stop();
      },
    };
  },
});
