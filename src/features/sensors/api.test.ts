// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import { sendJson, startTestServer, type TestServer } from "../../lib/api/testServer";
import { fetchSensors } from "./api";
import { SENSOR_KINDS } from "./schemas";
import { unitOf } from "./units";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

const balcony = {
  id: "balkon-temp",
  kind: "temp",
  place: "balcony",
  label: "Balkon",
  source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
};
const door = {
  id: "front-door",
  kind: "door",
  place: "front",
  label: "Drzwi",
  source: { type: "zigbee2mqtt", device: "front door", property: "contact" },
  invert: true,
};

describe("fetchSensors (spec §7: GET /config/sensors)", () => {
  it("returns the validated sensor list", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { items: [balcony, door] }));
    const result = await fetchSensors(createApiClient({ baseUrl: `${server.url}/api/v2` }));
    expect(server.requests[0]).toMatchObject({ method: "GET", url: "/api/v2/config/sensors" });
    expect(result.data).toEqual([balcony, door]);
  });

  it("passes a sensor's room through, and ignores a room that is not text (older or newer hubs still work)", async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, {
        items: [
          { ...balcony, room: "Balkon" },
          { ...door, room: 7 },
        ],
      }),
    );
    const result = await fetchSensors(createApiClient({ baseUrl: server.url }));
    expect(result.data.map((s) => s.room)).toEqual(["Balkon", undefined]);
  });

  it("rejects an unknown kind or a hostile place as a server error", async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, {
        items: [
          { ...balcony, kind: "radiation" },
          { ...balcony, place: "../etc" },
        ],
      }),
    );
    const failure = await fetchSensors(createApiClient({ baseUrl: server.url })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: "server" });
  });
});

describe("unitOf", () => {
  it("gives each kind its unit", () => {
    expect(SENSOR_KINDS.slice(0, 8)).toEqual(["temp", "humid", "light", "batt", "door", "pressure", "pm25", "pm10"]);
    expect(SENSOR_KINDS.slice(0, 8).map(unitOf)).toEqual(["°C", "%", "lx", "%", "", "hPa", "µg/m³", "µg/m³"]);
  });

  it("gives the added kinds theirs: binary ones none, CO2 ppm, VOC ppb, power W, energy kWh, V, A", () => {
    expect(SENSOR_KINDS.slice(8)).toEqual([
      "occupancy",
      "leak",
      "smoke",
      "co2",
      "voc",
      "watts",
      "energy",
      "voltage",
      "current",
    ]);
    expect(SENSOR_KINDS.slice(8).map(unitOf)).toEqual(["", "", "", "ppm", "ppb", "W", "kWh", "V", "A"]);
  });
});
