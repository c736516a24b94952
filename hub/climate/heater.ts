import type { HeaterConfig, HeaterConfigBody, HeaterMode } from "../../contract/climate";
import { HubError } from "../core/errors";
import type { HeaterService } from "./heater-service";
import type { ValveHeater } from "./valve-heater";

/**
 * The household's heater as the spec's routes and the automation action `heater` use it (spec §7
 * `heater/config`): the household file's heater (a relay thermostat, heater-service.ts) when the file
 * has one, else a valve adopted as the heater (valve-heater.ts). Every call is NOT_FOUND (404) while
 * there is neither. Resolves with the config the hub keeps; the live state follows on `heater/state`.
 */
export interface Heater {
  /** True while there is a heater (the file's, or an adopted valve). */
  present(): boolean;
  getConfig(): HeaterConfig;
  setMode(mode: HeaterMode): Promise<HeaterConfig>;
  setConfig(body: HeaterConfigBody): Promise<HeaterConfig>;
}

/** The {@link Heater}: `household` when `fromFile` (the household file has a heater), else `valve` (may be absent). */
export function chooseHeater(household: HeaterService, fromFile: boolean, valve: ValveHeater | undefined): Heater {
  if (fromFile)
    return {
      present: () => true,
      getConfig: () => household.getConfig(),
      setMode: async (mode) => household.setMode(mode),
      setConfig: async (body) => household.setConfig(body),
    };
  const active = (): ValveHeater => {
    if (valve === undefined || !valve.present()) throw new HubError("NOT_FOUND", "no heater in this household");
    return valve;
  };
  return {
    present: () => valve?.present() === true,
    getConfig: () => active().getConfig(),
    setMode: async (mode) => active().setMode(mode),
    setConfig: async (body) => active().setConfig(body),
  };
}
