import { bridgeDomain } from "../bridge/domain";
import { defineDomain } from "../core/domain";
import { DEVICES_SECTIONS } from "../household/schema";
import { devicesRoutes } from "./routes";
import { startDevices, type Devices } from "./start";
import { startUses } from "./uses/start";

/**
 * The device registry (docs/contract.md "Devices"): every Zigbee2MQTT and Tasmota device with its
 * capabilities in the exposes vocabulary, fed through the device router; commands through a capability
 * (`service.commands`), sent on the availability-guarded link; the household's adoptions
 * (`service.adoptions`) and what adopted devices stand for (uses/start.ts), the leak and smoke alarms
 * (`alert/<alarm>/<id>`); the automation action `device.set` (a capability through the command path)
 * and the trigger `device` (run by the automations engine from the devices' own messages). Serves
 * `GET /devices` on the general API.
 */
export const devicesDomain = defineDomain<Devices>({
  name: "devices",
  routes: { devices: ["general", "generalV1"] },
  household: DEVICES_SECTIONS,
  /** `device/<name>/<family>`: the root every device family publishes under (contract/topics.ts deviceFamilyTopic). */
  topicRoots: ["device", "devices"],
  automation: { actions: ["device.set"], triggers: ["device"] },
  start: (context) => {
    const { router, commandLink, link, household, log } = context;
    const devices = startDevices(router, commandLink, household, log);
    const stop = startUses(devices, {
      router,
      link,
      adoptSensors: context.find(bridgeDomain)?.adoptSensors,
      householdSwitches: new Set(household.switches.map((item) => item.name)),
    });
    context.actions.register("device.set", async (action) => {
      await devices.commands.set(action.device, { property: action.property, endpoint: action.endpoint }, action.value);
    });
    return { service: devices, routes: { devices: devicesRoutes({ registry: devices.registry }) }, stop };
  },
});
