import { defineDomain } from "../core/domain";
import { PreferencesStore } from "../preferences/store";
import { startPushEvents } from "./events";
import { DEFAULT_OPEN_ALERT_MS, DEFAULT_RETRY_BASE_MS, DEFAULT_VAPID_SUBJECT } from "./options";
import { pushRoutes } from "./routes";
import { PushSender } from "./sender";
import { PushService } from "./service";
import { PUSH_MIGRATION, PushStore } from "./store";
import { loadVapidKeys } from "./vapid";

/**
 * Web Push to the panels (docs/contract.md "Panels", hub/README.md "Push"): the hub's VAPID keys
 * (`<dataDir>/push-vapid.json`), each panel's subscription and categories (table
 * `push_subscriptions`), and pushes for the doorbell, the gate or garage left open
 * (HubOptions.push.openAlertMs) and leak or smoke alarms (events.ts), sent by sender.ts.
 * Its service is the sender (its `stats`).
 */
export const pushDomain = defineDomain({
  name: "push",
  routes: { push: ["general", "generalV1"] },
  migrations: [PUSH_MIGRATION],
  start: ({ options, db, link, household, log, sessionPanels }) => {
    const settings = options.push ?? {};
    const allowPrivateEndpoints = settings.allowPrivateEndpoints === true;
    const vapid = loadVapidKeys(options.dataDir, log);
    const store = new PushStore(db);
    const sender = new PushSender({
      vapid,
      subject: settings.subject ?? DEFAULT_VAPID_SUBJECT,
      allowPrivateEndpoints,
      retryBaseMs: settings.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
      remove: (panelId, endpoint) => store.remove(panelId, endpoint),
      log,
    });
    const stopEvents = startPushEvents({
      link,
      household,
      store,
      sender,
      openAlertMs: settings.openAlertMs ?? DEFAULT_OPEN_ALERT_MS,
      log,
    });
    const push = new PushService(store, allowPrivateEndpoints, sessionPanels);
    return {
      service: sender,
      routes: { push: pushRoutes({ push, publicKey: vapid.publicKey, preferences: new PreferencesStore(db) }) },
      stop: () => {
        stopEvents();
        sender.stop();
      },
    };
  },
});
