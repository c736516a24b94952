import { readFileSync } from "node:fs";
import { lightsOfBridgeDevices } from "../lights/exposes";
import { hexToRgb, hsToRgb, rgbToHs, rgbToXy, xyToRgb, type Rgb } from "../lights/color";
import {
  TASMOTA_CMND,
  tasmotaStatTopic,
  tasmotaTeleTopic,
  ZIGBEE2MQTT_BASE,
  zigbee2mqttTopic,
} from "../../contract/topics";
import { tasmotaTime } from "./random-walk";
import type { DeviceMessage, SimDevice } from "./devices";

/**
 * The demo's lights: a simulated Zigbee2MQTT with a colour-temperature bulb
 * (IKEA LED1545G12), a colour bulb (Philips 7146060PH) and a two-gang light (Siglis zigfred plus,
 * endpoints l1 and l2), whose `bridge/devices` entries are the real ones of the shared fixture
 * (`zigbee2mqtt-lights.json`: renamed, zigfred's covers and l3..l5 left out), answering
 * `zigbee2mqtt/<name>/set` with the device's new state after a Zigbee round trip; and a Tasmota
 * RGBWW bulb answering `cmnd/<t>/Power|Dimmer|Color|CT` with `stat/<t>/RESULT` as Tasmota does.
 */

/** How long a simulated device takes to answer a command (a Zigbee round trip), in ms. */
export const SIM_ANSWER_DELAY_MS = 400;

const DEVICES: unknown[] = JSON.parse(
  readFileSync(new URL("./zigbee2mqtt-lights.json", import.meta.url), "utf8"),
) as unknown[];

/** Zigbee2MQTT publishes its keys sorted (json-stable-stringify). */
function sorted(body: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b))));
}

/** The RGB of any colour form Zigbee2MQTT accepts on `/set`. */
function rgbOf(color: Record<string, unknown>): Rgb | undefined {
  if (typeof color.hex === "string") return hexToRgb(color.hex);
  if (typeof color.x === "number" && typeof color.y === "number") return xyToRgb(color.x, color.y);
  if (typeof color.hue === "number" && typeof color.saturation === "number")
    return hsToRgb(color.hue, color.saturation);
  if (typeof color.r === "number" && typeof color.g === "number" && typeof color.b === "number")
    return { r: color.r, g: color.g, b: color.b };
  return undefined;
}

/** A simulated Zigbee2MQTT with the demo's three light devices. */
export function zigbee2mqttLights(): SimDevice {
  const models = lightsOfBridgeDevices(DEVICES);
  const states = new Map<string, Record<string, unknown>>();
  for (const model of models) {
    if (model.target.kind !== "zigbee2mqtt") continue;
    const { device, properties } = model.target;
    const state = states.get(device) ?? { linkquality: 87 };
    if (properties.state) state[properties.state] = "OFF";
    if (properties.brightness) state[properties.brightness] = 120;
    if (properties.colorTemp) {
      state[properties.colorTemp] = 370;
      state[properties.colorMode] = "color_temp";
    }
    if (properties.color) state[properties.color] = { hue: 30, saturation: 60, ...rgbToXy(hsToRgb(30, 60)) };
    states.set(device, state);
  }
  let first = true;
  return {
    name: "zigbee2mqtt",
    tick() {
      if (!first) return [];
      first = false;
      const out: DeviceMessage[] = [
        { topic: `${ZIGBEE2MQTT_BASE}/bridge/devices`, payload: JSON.stringify(DEVICES), retain: true },
      ];
      for (const [device, state] of states) {
        out.push({
          topic: zigbee2mqttTopic(device, "availability"),
          payload: JSON.stringify({ state: "online" }),
          retain: true,
        });
        out.push({ topic: zigbee2mqttTopic(device), payload: sorted(state), retain: false });
      }
      return out;
    },
    commands: {
      filter: `${ZIGBEE2MQTT_BASE}/+/set`,
      delayMs: SIM_ANSWER_DELAY_MS,
      handle(topic, payload) {
        const device = topic.split("/")[1] ?? "";
        const state = states.get(device);
        if (!state) return [];
        let body: unknown;
        try {
          body = JSON.parse(payload.toString("utf8"));
        } catch {
          return [];
        }
        if (typeof body !== "object" || body === null) return [];
        for (const model of models) {
          if (model.target.kind !== "zigbee2mqtt" || model.target.device !== device) continue;
          const p = model.target.properties;
          const set = body as Record<string, unknown>;
          const value = (key: string | undefined) =>
            key !== undefined && Object.hasOwn(set, key) ? set[key] : undefined;
          const on = value(p.state);
          if (on === "ON" || on === "OFF") state[p.state ?? "state"] = on;
          if (on === "TOGGLE" && p.state) state[p.state] = state[p.state] === "ON" ? "OFF" : "ON";
          const brightness = value(p.brightness);
          if (typeof brightness === "number" && p.brightness) {
            state[p.brightness] = brightness;
            if (p.state) state[p.state] = brightness > 0 ? "ON" : "OFF";
          }
          const colorTemp = value(p.colorTemp);
          if (typeof colorTemp === "number" && p.colorTemp) {
            state[p.colorTemp] = colorTemp;
            state[p.colorMode] = "color_temp";
          }
          const color = value(p.color);
          const rgb = typeof color === "object" && color !== null ? rgbOf(color as Record<string, unknown>) : undefined;
          if (rgb && p.color) {
            state[p.color] = { ...rgbToHs(rgb), ...rgbToXy(rgb) };
            state[p.colorMode] = "xy";
          }
        }
        return [{ topic: zigbee2mqttTopic(device), payload: sorted(state), retain: false }];
      },
    },
  };
}

/** A simulated Tasmota RGBWW bulb (as tasmota/state_light_rgbww.json): STATE every tick, RESULT after each command. */
export function tasmotaRgbwwLight(name: string): SimDevice {
  const light = { POWER: "OFF", Dimmer: 40, rgb: { r: 0, g: 0, b: 0 } as Rgb, CT: 300 };
  const fields = () => {
    const white = light.rgb.r + light.rgb.g + light.rgb.b === 0;
    const channels = white
      ? [0, 0, 0, Math.round((light.Dimmer * 255) / 100 / 2), Math.round((light.Dimmer * 255) / 100 / 2)]
      : [light.rgb.r, light.rgb.g, light.rgb.b, 0, 0];
    const hs = rgbToHs(light.rgb);
    return {
      POWER: light.POWER,
      Dimmer: light.Dimmer,
      Color: channels.join(","),
      HSBColor: `${hs.hue},${hs.saturation},${white ? 0 : light.Dimmer}`,
      White: white ? light.Dimmer : 0,
      CT: light.CT,
      Channel: channels.map((c) => Math.round((c * 100) / 255)),
    };
  };
  let first = true;
  let uptime = 0;
  return {
    name,
    tick(at) {
      uptime += 1;
      const out: DeviceMessage[] = [];
      if (first) out.push({ topic: tasmotaTeleTopic(name, "LWT"), payload: "Online", retain: true });
      first = false;
      out.push({
        topic: tasmotaTeleTopic(name, "STATE"),
        payload: JSON.stringify({
          Time: tasmotaTime(at),
          Uptime: `0T00:00:${String(uptime % 60).padStart(2, "0")}`,
          UptimeSec: uptime,
          Heap: 20,
          SleepMode: "Dynamic",
          Sleep: 10,
          LoadAvg: 99,
          MqttCount: 1,
          ...fields(),
          Scheme: 0,
          Fade: "OFF",
          Speed: 2,
          LedTable: "ON",
          Wifi: { AP: 1, SSId: "dom", Channel: 11, RSSI: 80, LinkCount: 1 },
        }),
        retain: false,
      });
      return out;
    },
    commands: {
      filter: `${TASMOTA_CMND}/${name}/+`,
      delayMs: SIM_ANSWER_DELAY_MS,
      handle(topic, payload) {
        const command = (topic.split("/")[2] ?? "").toLowerCase();
        const text = payload.toString("utf8").trim();
        if (command === "power")
          light.POWER =
            text === "TOGGLE" ? (light.POWER === "ON" ? "OFF" : "ON") : text === "ON" || text === "1" ? "ON" : "OFF";
        else if (command === "dimmer" && /^\d{1,3}$/.test(text)) {
          light.Dimmer = Math.min(100, Number(text));
          light.POWER = light.Dimmer > 0 ? "ON" : "OFF";
        } else if (command === "ct" && /^\d{3}$/.test(text)) {
          light.CT = Math.min(500, Math.max(153, Number(text)));
          light.rgb = { r: 0, g: 0, b: 0 };
          light.POWER = "ON";
        } else if (command === "color") {
          const parts = text.split(",").map(Number);
          if (parts.length >= 3 && parts.every((c) => Number.isInteger(c) && c >= 0 && c <= 255))
            light.rgb = { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0 };
          light.POWER = "ON";
        } else return [];
        return [{ topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify(fields()), retain: false }];
      },
    },
  };
}
