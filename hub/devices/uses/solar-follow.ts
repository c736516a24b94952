import { deviceId } from "../../../contract/devices";
import { solarTopic, type SolarReading } from "../../../contract/pv";
import type { BrokerLink } from "../../broker/link";
import { asObject, ownField } from "../../bridge/guards";
import type { DeviceEvent, DeviceRouter } from "../../bridge/router";
import type { AdoptionSource } from "../adoption/source";
import { adoptedSolar, solarFieldsOf } from "./solar";
import { todayFromCounter, type SolarDays } from "./solar-day";

/** Device messages that carry an inverter's readings: Tasmota SENSOR telemetry and its Status 10 / 8 answer, Zigbee2MQTT state. */
const SOLAR_KINDS = {
  tasmota: ["tele/SENSOR", "stat/STATUS10", "stat/STATUS8"],
  zigbee2mqtt: ["state"],
} as const;

/** Counters of the solar follower: readings published, and messages of an adopted inverter without a usable power. */
export interface SolarStats {
  published: number;
  unusable: number;
}

/** What {@link followSolar} needs besides the router and the link. */
export interface SolarFollowOptions {
  /** The day starts of counters (persisted). */
  days: SolarDays;
  /** `YYYY-MM-DD` of the local day (Europe/Warsaw) holding an instant (hub/pv/aggregate.ts localDayOf). */
  dayOf: (instant: number) => string;
  /** The clock (tests pass their own to cross midnight). */
  now?: () => number;
  /** Told of each message of an adopted inverter that had no usable power (the registry's report). */
  report?: (reason: string) => void;
}

/**
 * Publishes each adopted inverter's live reading (contract/adoption.ts DeviceUse `solar`) on
 * `device/<name>/solar` (contract/pv.ts SolarReading; retained, QoS 0) from its own messages:
 * Tasmota `tele/<t>/SENSOR` (ENERGY or a Smart Meter Interface's fields) and `stat/<t>/STATUS10`,
 * Zigbee2MQTT `zigbee2mqtt/<name>`. Today's yield is the device's own `Today` when it reports one,
 * else its energy counter's increase since local midnight (solar-day.ts; persisted, so a restart
 * keeps it). Reads the adoptions on each message. A message holding the power's field without a
 * usable number is counted and reported (the registry's refusals), never thrown; nothing is published
 * for it. Answers the counters and a stop function.
 */
export function followSolar(
  router: DeviceRouter,
  link: BrokerLink,
  adoptions: AdoptionSource,
  options: SolarFollowOptions,
): { stats: SolarStats; stop: () => void } {
  const stats: SolarStats = { published: 0, unusable: 0 };
  const now = options.now ?? Date.now;
  let stopped = false;
  const handle = (event: DeviceEvent) => {
    if (stopped || event.source === "owntracks" || event.source === "frigate" || event.json === undefined) return;
    const id = deviceId(event.source, event.device);
    const adoption = adoptions.get(id);
    const solar = adoption === undefined ? undefined : adoptedSolar(id, adoption);
    if (solar === undefined) return;
    const json = event.kind.startsWith("stat/") ? asObject(ownField(event.json, "StatusSNS")) : event.json;
    const fields = json === undefined ? undefined : solarFieldsOf(solar, json);
    if (fields === undefined) {
      // A message without the power's object at all (another sensor's telemetry, a Zigbee2MQTT state
      // of another property) is not the inverter's reading: ignored. One holding it without a number is refused.
      const head = solar.power.split(".")[0] ?? "";
      if (json !== undefined && Object.hasOwn(json, solar.source === "zigbee2mqtt" ? solar.power : head)) {
        stats.unusable += 1;
        options.report?.(`solar ${id}: no usable number at ${solar.power}`);
      }
      return;
    }
    const at = now();
    let today = fields.today;
    if (today === null && fields.total !== null) {
      const day = options.dayOf(at);
      const counted = todayFromCounter(fields.total, day, options.days.get(id));
      if (counted.changed) options.days.set(id, counted.baseline, new Date(at));
      today = counted.today;
    }
    const reading: SolarReading = { power: fields.power, today, total: fields.total, time: new Date(at).toISOString() };
    link.publish(solarTopic(solar.name), JSON.stringify(reading), { retain: true, qos: 0 });
    stats.published += 1;
  };
  router.on({ source: "tasmota", kinds: SOLAR_KINDS.tasmota }, handle);
  router.on({ source: "zigbee2mqtt", kinds: SOLAR_KINDS.zigbee2mqtt }, handle);
  return {
    stats,
    stop: () => {
      stopped = true;
    },
  };
}
