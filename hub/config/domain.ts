import { defineDomain } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { adoptedSensors } from "../devices/uses/sensors";
import { adoptedSwitches } from "../devices/uses/switches";
import { settingsDomain } from "../settings/domain";
import { switchesDomain } from "../switches/domain";
import { configRoutes } from "./routes";

/** The household's config as the dashboard reads it (docs/contract.md "Config"): sensors, switches, settings, the broker's URL. */
export const configDomain = defineDomain({
  name: "config",
  routes: { config: ["general", "generalV1"] },
  start: (context) => {
    const devices = context.find(devicesDomain);
    return {
      service: null,
      routes: {
        config: configRoutes({
          household: context.household,
          switches: context.get(switchesDomain).definitions,
          settings: context.get(settingsDomain).store,
          mqttWsUrl: context.options.mqttUrl ? context.options.mqttWsUrl : undefined,
          adoptedSensors: devices ? () => adoptedSensors(devices.adoptions, devices.registry) : undefined,
          adoptedSwitches: devices ? () => adoptedSwitches(devices.adoptions, devices.registry) : undefined,
        }),
      },
    };
  },
});
