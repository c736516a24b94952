import type { DomainDemo, HouseholdSections } from "../core/domain";
import type { SENSORS_SECTIONS } from "../household/schema";
import {
  tasmotaBh1750,
  tasmotaBme280,
  tasmotaDs18b20,
  tasmotaSds011,
  zigbeeContactSensor,
  zigbeeWeatherSensor,
  type SimDevice,
} from "../simulator/devices";

/** The sensors of the demo household. */
const DEMO_HOUSEHOLD = {
  sensors: [
    {
      id: "balkon-temp",
      kind: "temp",
      place: "balcony",
      label: "Balkon",
      room: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
    },
    {
      id: "balkon-humid",
      kind: "humid",
      place: "balcony",
      label: "Balkon",
      room: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Humidity" },
    },
    {
      id: "balkon-pressure",
      kind: "pressure",
      place: "balcony",
      label: "Balkon",
      room: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Pressure" },
    },
    {
      id: "ogrod-temp",
      kind: "temp",
      place: "outside",
      label: "Ogród",
      room: "Ogród",
      source: { type: "zigbee2mqtt", device: "czujnik_ogrod", property: "temperature" },
    },
    {
      id: "ogrod-humid",
      kind: "humid",
      place: "outside",
      label: "Ogród",
      room: "Ogród",
      source: { type: "zigbee2mqtt", device: "czujnik_ogrod", property: "humidity" },
    },
    {
      id: "ogrod-pressure",
      kind: "pressure",
      place: "outside",
      label: "Ogród",
      room: "Ogród",
      source: { type: "zigbee2mqtt", device: "czujnik_ogrod", property: "pressure" },
    },
    {
      id: "ogrod-batt",
      kind: "batt",
      place: "outside",
      label: "Czujnik w ogrodzie",
      room: "Ogród",
      source: { type: "zigbee2mqtt", device: "czujnik_ogrod", property: "battery" },
    },
    {
      id: "tunel-temp",
      kind: "temp",
      place: "tunnel",
      label: "Tunel",
      room: "Piwnica",
      source: { type: "tasmota", device: "piwnica", field: "DS18B20-1.Temperature" },
    },
    {
      id: "piwnica-temp",
      kind: "temp",
      place: "cellar",
      label: "Piwnica",
      room: "Piwnica",
      source: { type: "tasmota", device: "piwnica", field: "DS18B20-2.Temperature" },
    },
    {
      id: "salon-temp",
      kind: "temp",
      place: "living_room",
      label: "Salon",
      room: "Salon",
      source: { type: "zigbee2mqtt", device: "salon", property: "temperature" },
    },
    {
      id: "salon-humid",
      kind: "humid",
      place: "living_room",
      label: "Salon",
      room: "Salon",
      source: { type: "zigbee2mqtt", device: "salon", property: "humidity" },
    },
    {
      id: "salon-batt",
      kind: "batt",
      place: "living_room",
      label: "Czujnik w salonie",
      room: "Salon",
      source: { type: "zigbee2mqtt", device: "salon", property: "battery" },
    },
    {
      id: "swiatlo",
      kind: "light",
      place: "outside",
      label: "Ogród",
      room: "Ogród",
      source: { type: "tasmota", device: "czujnik_swiatla", field: "BH1750.Illuminance" },
    },
    {
      id: "drzwi",
      kind: "door",
      place: "entrance",
      label: "Drzwi wejściowe",
      room: "Wejście",
      source: { type: "zigbee2mqtt", device: "drzwi_wejsciowe", property: "contact" },
    },
    {
      id: "drzwi-batt",
      kind: "batt",
      place: "entrance",
      label: "Czujnik drzwi",
      room: "Wejście",
      source: { type: "zigbee2mqtt", device: "drzwi_wejsciowe", property: "battery" },
    },
    {
      id: "pm25",
      kind: "pm25",
      place: "outside",
      label: "Powietrze",
      room: "Powietrze",
      source: { type: "tasmota", device: "powietrze", field: "SDS0X1.PM2.5" },
    },
    {
      id: "pm10",
      kind: "pm10",
      place: "outside",
      label: "Powietrze",
      room: "Powietrze",
      source: { type: "tasmota", device: "powietrze", field: "SDS0X1.PM10" },
    },
  ],
} satisfies HouseholdSections<typeof SENSORS_SECTIONS>;

/** The model of each device the demo sensors name (their section names a field, not the device's model). */
const DEMO_MODELS: Readonly<Record<string, (random: () => number) => SimDevice>> = {
  balkon: (random) => tasmotaBme280("balkon", random),
  czujnik_ogrod: (random) => zigbeeWeatherSensor("czujnik_ogrod", random, false),
  piwnica: (random) => tasmotaDs18b20("piwnica", random),
  salon: (random) => zigbeeWeatherSensor("salon", random, true),
  czujnik_swiatla: (random) => tasmotaBh1750("czujnik_swiatla", random),
  drzwi_wejsciowe: (random) => zigbeeContactSensor("drzwi_wejsciowe", random),
  powietrze: (random) => tasmotaSds011("powietrze", random),
};

/** The devices the demo sensors name, in their order. */
const DEMO_DEVICES = [...new Set(DEMO_HOUSEHOLD.sensors.map((sensor) => sensor.source.device))];

/**
 * The bridge's part of the demo: the sensors of the demo household and their devices, simulated
 * (core/domain.ts DomainDemo).
 */
export const bridgeDemo: DomainDemo<typeof SENSORS_SECTIONS> = {
  household: DEMO_HOUSEHOLD,
  devices: (random) =>
    DEMO_DEVICES.map((device) => {
      const model = DEMO_MODELS[device];
      if (!model) throw new Error(`demo sensor device ${device} has no model`);
      return model(random);
    }),
  simulates: DEMO_DEVICES,
};
