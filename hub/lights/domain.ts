import { registerLightExecutor } from "../automations/executors";
import { defineDomain, type HouseholdSections } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { LIGHTS_SECTIONS } from "../household/schema";
import { tasmotaRgbwwLight, zigbee2mqttLights } from "../simulator/lights";
import { lightsRoutes } from "./routes";
import { LightsService } from "./service";

/** The lights of the demo household: three Zigbee2MQTT devices (one of two endpoints) and a Tasmota bulb. */
const DEMO_HOUSEHOLD = {
  lights: [
    { name: "lampa_sypialnia", label: "Lampa w sypialni", room: "Sypialnia" },
    { name: "hue_salon", label: "Lampa kolorowa", room: "Salon" },
    { name: "kinkiety_korytarz_l1", label: "Kinkiet lewy", room: "Korytarz" },
    { name: "kinkiety_korytarz_l2", label: "Kinkiet prawy", room: "Korytarz" },
    { name: "led_biuro", label: "Taśma LED", room: "Biuro", tasmota: "led_biuro" },
  ],
} satisfies HouseholdSections<typeof LIGHTS_SECTIONS>;

/** The device of a light: its Tasmota topic, or its Zigbee2MQTT device (`<device>_l<n>` is endpoint l<n> of it). */
const deviceOf = (light: { name: string; tasmota?: string }) => light.tasmota ?? light.name.replace(/_l\d{1,2}$/, "");

/**
 * The household's lights (docs/contract.md "Lights"): Zigbee2MQTT lights (those found on the
 * bridge are offered for adoption) and Tasmota lights; the automation action `light`.
 */
export const lightsDomain = defineDomain({
  name: "lights",
  routes: { lights: ["general", "generalV1"] },
  household: LIGHTS_SECTIONS,
  topicRoots: ["light", "features"],
  automation: { actions: ["light"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    // The Zigbee2MQTT lights' models are those of the simulated bridge's devices (simulator/lights.ts);
    // a Tasmota light is simulated as an RGBWW bulb.
    devices: () => [
      ...(DEMO_HOUSEHOLD.lights.some((light) => light.tasmota === undefined) ? [zigbee2mqttLights()] : []),
      ...DEMO_HOUSEHOLD.lights.flatMap((light) =>
        light.tasmota === undefined ? [] : [tasmotaRgbwwLight(light.tasmota)],
      ),
    ],
    simulates: [...new Set(DEMO_HOUSEHOLD.lights.map(deviceOf))],
  },
  start: (context) => {
    const { household, commandLink, log, router, offeredLights, actions } = context;
    const lights = new LightsService(commandLink, household.lights ?? [], log, context.get(devicesDomain).commands)
      .onZigbeeDevices((devices) => offeredLights.offer(devices))
      .start(router);
    registerLightExecutor(actions, { household, lights });
    return { service: lights, routes: { lights: lightsRoutes({ lights }) } };
  },
});
