import * as v from "valibot";
import { SensorReadingSchema } from "../../contract/sensors";
import { alertTopic, type WatchdogAlert } from "../../contract/settingValues";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Household } from "../household/schema";
import {
  alertChanges,
  isBeyond,
  ruleKey,
  watchdogRules,
  type AlertChange,
  type WatchRule,
  type WatchedReading,
} from "./rules";

/** What the watchdogs read their settings from: the stored value and a change listener (SettingsService). */
export interface WatchdogSettings {
  get(key: "tempWatchdog" | "weatherWatchdog"): unknown;
  onChange(listener: (key: string, value: unknown) => void): void;
}

/**
 * The watchdogs (settings `tempWatchdog` and `weatherWatchdog`, docs/contract.md "Watchdogs"): watch
 * the readings the bridge publishes on `sensor/<kind>/<place>` and publish, retained (QoS 1), each
 * rule's alert on `alert/<watchdog>/<id>` when a reading crosses its limit (`active: true`) and when it
 * comes back (`active: false`). A change of either setting re-evaluates the last readings; a rule that
 * is gone has its retained alert cleared (empty payload).
 */
export class WatchdogService {
  private rules: WatchRule[] = [];
  private readonly active = new Map<string, boolean>();
  private readonly last = new Map<string, WatchedReading>();
  private readonly pmPlaces: { pm25: string[]; pm10: string[] };

  constructor(
    private readonly link: BrokerLink,
    private readonly settings: WatchdogSettings,
    household: Pick<Household, "sensors">,
    private readonly log: HubLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pmPlaces = {
      pm25: household.sensors.filter((sensor) => sensor.kind === "pm25").map((sensor) => sensor.place),
      pm10: household.sensors.filter((sensor) => sensor.kind === "pm10").map((sensor) => sensor.place),
    };
  }

  /** Reads the settings, subscribes to the readings and to settings changes. */
  start(): this {
    this.reload();
    this.settings.onChange((key) => {
      if (key === "tempWatchdog" || key === "weatherWatchdog") this.reload();
    });
    this.link.subscribe("sensor/+/+", (topic, payload) => this.onReading(topic, payload));
    return this;
  }

  /** The alerts active now, as `<watchdog>/<id>` keys (POST /config/sensors/notify answers their count). */
  activeAlerts(): string[] {
    return [...this.active].filter(([, active]) => active).map(([key]) => key);
  }

  /** Rebuilds the rules from the stored settings and re-evaluates every last reading against them. */
  reload(): void {
    this.rules = watchdogRules(this.settings.get("tempWatchdog"), this.settings.get("weatherWatchdog"), this.pmPlaces);
    const keys = new Set(this.rules.map(ruleKey));
    for (const key of [...this.active.keys()]) {
      if (keys.has(key)) continue;
      this.active.delete(key);
      const [watchdog, id] = key.split("/") as ["temp" | "weather", string];
      this.link.publish(alertTopic(watchdog, id), "", { retain: true, qos: 1 });
    }
    for (const rule of this.rules) {
      const reading = this.last.get(`${rule.kind}/${rule.place}`);
      if (!reading) continue;
      // Judged afresh: an alert that was active is republished (with the new limit, or cleared), a new one raised.
      const was = this.active.get(ruleKey(rule)) ?? false;
      const now = isBeyond(rule, reading.value);
      if (was || now) this.apply([{ rule, active: now, value: reading.value }]);
    }
  }

  private onReading(topic: string, payload: Buffer): void {
    const [, kind = "", place = ""] = topic.split("/");
    let json: unknown;
    try {
      json = JSON.parse(payload.toString("utf8"));
    } catch {
      return;
    }
    const reading = v.safeParse(SensorReadingSchema, json);
    if (!reading.success) return;
    const watched: WatchedReading = { kind, place, value: reading.output.value };
    this.last.set(`${kind}/${place}`, watched);
    this.apply(alertChanges(this.rules, watched, this.active));
  }

  private apply(changes: readonly AlertChange[]): void {
    for (const { rule, active, value } of changes) {
      this.active.set(ruleKey(rule), active);
      const alert: WatchdogAlert = {
        active,
        bound: rule.bound,
        kind: rule.kind,
        place: rule.place,
        value,
        limit: rule.limit,
        time: this.now().toISOString(),
      };
      this.link.publish(alertTopic(rule.watchdog, rule.id), JSON.stringify(alert), { retain: true, qos: 1 });
      if (active) this.log.info({ alert: ruleKey(rule), value, limit: rule.limit }, "watchdog alert");
    }
  }
}
