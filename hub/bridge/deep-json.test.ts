import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseHousehold } from "../household/load";
import { loadFixture } from "../testing/fixtures";
import { buildBridgeIndex } from "./bridge-index";
import { translateTasmota } from "./tasmota";
import { translateZigbee2Mqtt } from "./zigbee2mqtt";
import { deviceEvent } from "./router";

// A payload nested thousands deep must never reach the dashboard (it would break
// every IndexedDB save there: docs/security.md). The bridge drops it and counts it; real payloads still pass.

const demoPath = new URL("../household/demo.json", import.meta.url);
const index = buildBridgeIndex(parseHousehold(readFileSync(demoPath, "utf8"), demoPath.pathname));
const at = new Date("2026-11-22T12:00:00Z");
const deep = (depth: number) => Buffer.from(`{"BME280":${"[".repeat(depth)}${"]".repeat(depth)}}`);

describe("deep JSON from a device", () => {
  it("a Tasmota SENSOR nested 32,000 deep is dropped, not passed through as tasmota/tele/...", () => {
    const result = translateTasmota(index, deviceEvent("tasmota", "tele/balkon/SENSOR", deep(32_000)), at);
    expect(result.messages).toEqual([]);
    expect(result.dropped).toHaveLength(1);
  });

  it("a Zigbee2MQTT state nested 40 deep is dropped", () => {
    const result = translateZigbee2Mqtt(
      index,
      deviceEvent("zigbee2mqtt", "zigbee2mqtt/czujnik_ogrod", deep(40)),
      at,
      () => undefined,
    );
    expect(result.messages).toEqual([]);
    expect(result.dropped).toHaveLength(1);
  });

  it("the real BME280 payload still passes through", () => {
    const result = translateTasmota(
      index,
      deviceEvent("tasmota", "tele/balkon/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload),
      at,
    );
    expect(result.messages.map((m) => m.topic)).toContain("tasmota/tele/balkon/SENSOR");
  });
});
