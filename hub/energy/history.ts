import * as v from "valibot";
import {
  ENERGY_EVENT_FIELDS,
  ENERGY_HISTORY_EVENTS,
  EnergyReadingSchema,
  type EnergyHistoryEvent,
} from "../../contract/energy";
import type { HistoryContribution } from "../history/contribution";
import type { Sample } from "../history/recorder";
import type { Household } from "../household/schema";

const EVENTS = Object.keys(ENERGY_HISTORY_EVENTS) as EnergyHistoryEvent[];
const TOPIC = /^device\/([^/]+)\/energy$/;

/**
 * The energy family's history (hub/history/contribution.ts): each `device/<switch>/energy` reading
 * records `energy_power` W, `energy_voltage` V, `energy_current` A, `energy_today` and
 * `energy_total` kWh of that switch (`device` = the switch's name), at the reading's time; a field
 * the meter does not report records nothing. Only the household's switches are recorded.
 */
export function energyHistory(household: Household): HistoryContribution {
  const switches = new Set(household.switches.map((item) => item.name));
  return {
    events: EVENTS,
    topicFilters: ["device/+/energy"],
    samplesOf(topic, payload) {
      const name = TOPIC.exec(topic)?.[1];
      if (name === undefined) return "not recorded";
      let json: unknown;
      try {
        json = JSON.parse(payload.toString("utf8"));
      } catch {
        return "bad payload";
      }
      const reading = v.safeParse(EnergyReadingSchema, json);
      if (!reading.success) return "bad payload";
      const time = Date.parse(reading.output.time);
      const samples: Sample[] = [];
      for (const event of EVENTS) {
        const value = reading.output[ENERGY_EVENT_FIELDS[event]];
        if (typeof value === "number") samples.push({ event, device: name, value, time });
      }
      return samples;
    },
    accepts: (event, device) => event in ENERGY_HISTORY_EVENTS && switches.has(device),
  };
}
