import type { AuthService } from "./auth/auth-service";
import type { BridgeStats } from "./bridge/stats";
import type { LimitStats } from "./broker/limits";
import type { BrokerLink } from "./broker/link";
import type { Household } from "./household/schema";
import type { PreferencesStore } from "./store/preferences";
import type { SettingsStore } from "./store/settings";

/** What the HTTP routes need from the running hub. */
export interface HubContext {
  auth: AuthService;
  preferences: PreferencesStore;
  settings: SettingsStore;
  link: BrokerLink;
  household: Household;
  bridgeStats: BridgeStats;
  /** The embedded broker's refusals by limit (undefined with an external broker). */
  brokerLimitStats: LimitStats | undefined;
  /** HUB_MQTT_WS_URL when the broker is external; undefined = derive `ws(s)://<host>/mqtt` per request. */
  mqttWsUrl: string | undefined;
}
