import type { DomainDemo } from "../core/domain";
import type { DEVICES_SECTIONS } from "../household/schema";
import { DISCOVERED_TASMOTA, tasmotaDiscoveredDualR2 } from "../simulator/tasmota-discovery";
import { Z2M_DEMO, zigbee2mqttDevices } from "../simulator/zigbee2mqtt-devices";

/**
 * The devices domain's demo: a Zigbee2MQTT household of eleven devices (simulator/zigbee2mqtt-devices.ts:
 * a plug, a 2-gang relay, a blind, a valve, a lock, motion, contact, leak, climate, a button, an air
 * sensor; their `bridge/devices` joined with the lights' into one list) and a Tasmota Dual R2 with a
 * BME280 announcing itself by native discovery (simulator/tasmota-discovery.ts), all found by
 * discovery. The demo household adopts three of them in its `devices` section: the plug as 'Czajnik'
 * in 'Kuchnia' and the blind in 'Sypialnia', both on home, and the climate sensor as the bedroom's
 * temperature (`sensor/temp/bedroom`, shown on home as a sensor, not as a device tile); the rest stay
 * new on /devices.
 */
export const DEVICES_DEMO = {
  household: {
    devices: {
      [`zigbee2mqtt:${Z2M_DEMO.plug}`]: { label: "Czajnik", room: "Kuchnia", show: "home" },
      [`zigbee2mqtt:${Z2M_DEMO.blind}`]: { label: "Roleta", room: "Sypialnia", show: "home" },
      [`zigbee2mqtt:${Z2M_DEMO.climate}`]: {
        label: "Sypialnia",
        room: "Sypialnia",
        show: "none",
        use: { as: "sensor", kind: "temp", place: "bedroom", property: "temperature" },
      },
    },
  },
  devices: (random) => [
    zigbee2mqttDevices(random),
    tasmotaDiscoveredDualR2(DISCOVERED_TASMOTA.topic, DISCOVERED_TASMOTA.mac, random),
  ],
  simulates: [...Object.values(Z2M_DEMO), DISCOVERED_TASMOTA.topic],
  discovered: [...Object.values(Z2M_DEMO), DISCOVERED_TASMOTA.topic],
} satisfies DomainDemo<typeof DEVICES_SECTIONS>;
