import { bridgeDomain } from "../bridge/domain";
import { defineDomain, householdSchemaOf, type HubDomain } from "../core/domain";
import { deviceId } from "../../contract/devices";
import { DEVICES_SECTIONS } from "../household/schema";
import { householdRoutes } from "./adoption/household-routes";
import { householdTasmota } from "./household";
import { ADOPTION_MIGRATIONS } from "./adoption/migrations";
import { AdoptionStore } from "./adoption/store";
import { DEVICES_DEMO } from "./demo";
import { deviceValueHistory } from "./history";
import { devicesRoutes } from "./routes";
import { startDevices, type DevicesService } from "./start";
import { startUses } from "./uses/start";

/**
 * The device registry (docs/contract.md "Devices"): every Zigbee2MQTT and Tasmota device with its
 * capabilities in the exposes vocabulary, fed through the device router; commands through a capability
 * (`service.commands`), sent on the availability-guarded link; the household's adoptions in the
 * database (`service.adoptions`, adoption/store.ts, seeded by the household file's `devices`
 * section); what adopted devices stand for on the spec's screens (uses/start.ts) and the leak and
 * smoke alarms (`alert/<alarm>/<id>`); the automation action `device.set` (a capability through the
 * command path) and the trigger `device` (run by the automations engine from the devices' own
 * messages); the history of the devices' read-only values (`device_value`, history.ts). Serves
 * `GET /devices`, the adoption, seen and set routes and the household export and import on the general
 * API. Its demo (demo.ts): devices found by discovery, three of them adopted.
 */
export const devicesDomain: HubDomain<DevicesService, typeof DEVICES_SECTIONS> = defineDomain<
  DevicesService,
  typeof DEVICES_SECTIONS
>({
  name: "devices",
  routes: { devices: ["general", "generalV1"] },
  household: DEVICES_SECTIONS,
  migrations: ADOPTION_MIGRATIONS,
  /** `device/<name>/<family>`: the root every device family publishes under (contract/topics.ts deviceFamilyTopic). */
  topicRoots: ["device", "devices"],
  automation: { actions: ["device.set"], triggers: ["device"] },
  /** `device_value` of `<id>/<property>`: the devices' numeric and binary read-only values (history.ts). */
  history: (_household, context) => deviceValueHistory(context.find(devicesDomain)?.registry),
  demo: DEVICES_DEMO,
  start: (context) => {
    const { router, commandLink, link, household, log, db, domains } = context;
    const devices = startDevices(router, commandLink, household, log, link);
    const adoptions = new AdoptionStore(db, devices.registry, {
      seed: household.devices,
      known: new Set([...householdTasmota(household).keys()].map((name) => deviceId("tasmota", name))),
      log,
      onChanged: () => devices.revision.bump(),
    });
    const fileSwitches = new Set(household.switches.map((item) => item.name));
    const stopUses = startUses(
      { registry: devices.registry, adoptions },
      { router, link, adoptSensors: context.find(bridgeDomain)?.adoptSensors, householdSwitches: fileSwitches },
    );
    context.actions.register("device.set", async (action) => {
      await devices.commands.set(action.device, { property: action.property, endpoint: action.endpoint }, action.value);
    });
    const schema = householdSchemaOf(domains);
    const adoption = devicesRoutes({ ...devices, adoptions, fileSwitches });
    const file = householdRoutes({ household, schema, adoptions, fileSwitches });
    return {
      service: { ...devices, adoptions },
      routes: {
        devices: async (app) => {
          await adoption(app);
          await file(app);
        },
      },
      stop: () => {
        stopUses();
        adoptions.stop();
        devices.stop();
      },
    };
  },
});
