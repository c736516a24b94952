import { defineDomain } from "../core/domain";
import { relayCommands } from "../switches/relays";
import { settingsRoutes } from "./routes";
import { SettingsService } from "./service";
import { SettingsStore } from "./store";

/**
 * The household's settings (auth base; table `settings` of the auth domain's base migration),
 * each republished retained on `settings/<key>` at start (one breaking today's limits is skipped
 * with a warning). Its service: the store and the service.
 */
export const settingsDomain = defineDomain({
  name: "settings",
  routes: { settings: ["auth"] },
  topicRoots: ["settings"],
  start: ({ db, link, household, log }) => {
    const store = new SettingsStore(db);
    const settings = new SettingsService(
      store,
      link,
      new Map(household.switches.map((item) => [item.name, relayCommands(item)])),
    );
    settings.republishAll((key, problem) =>
      log.warn({ key, problem }, "stored setting breaks the limits: not republished"),
    );
    return { service: { store, settings }, routes: { settings: settingsRoutes({ settings }) } };
  },
});
