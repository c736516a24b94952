import type { AdoptionSource } from "../adoption/source";
import { adoptedSensor } from "./sensors";
import { adoptedSwitch } from "./switches";

/**
 * Which history series adopted devices add (hub/history/series-filter.ts SeriesFilter.accepts): a
 * sensor use's `<kind>` at its `<place>`, and a switch use's `power` of `<name>/POWER`. Read from the
 * adoptions at each call, so an adoption made later is recorded from its first reading.
 */
export function adoptedSeries(adoptions: AdoptionSource): { accepts(event: string, device: string): boolean } {
  return {
    accepts(event, device) {
      for (const [id, adoption] of adoptions.all()) {
        if (event === "power") {
          const item = adoptedSwitch(id, adoption);
          if (item !== undefined && device === `${item.name}/POWER`) return true;
        } else {
          const sensor = adoptedSensor(id, adoption);
          if (sensor !== undefined && sensor.kind === event && sensor.place === device) return true;
        }
      }
      return false;
    },
  };
}
