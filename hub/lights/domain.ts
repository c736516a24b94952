import { registerLightExecutor } from "../automations/executors";
import { defineDomain } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { LIGHTS_SECTIONS } from "../household/schema";
import { tasmotaRgbwwLight, zigbee2mqttLights } from "../simulator/lights";
import { lightsRoutes } from "./routes";
import { LightsService } from "./service";

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
    devices: () => [zigbee2mqttLights(), tasmotaRgbwwLight("led_biuro")],
    simulates: ["lampa_sypialnia", "hue_salon", "kinkiety_korytarz", "led_biuro"],
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
