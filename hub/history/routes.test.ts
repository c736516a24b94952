import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MqttClient } from "mqtt";
import { EventsDayAnswerSchema, dayOf } from "../../contract/history";
import { loadFixture } from "../testing/fixtures";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

let hub: TestHub;
let device: MqttClient | undefined;
beforeEach(async () => {
  hub = await startTestHub({ mqttPort: await freePort() });
});
afterEach(async () => {
  await device?.endAsync();
  device = undefined;
  await hub.cleanup();
});

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("GET /events/day", () => {
  it("answers the day's buckets of what the hub recorded from a real Tasmota SENSOR payload, several events and devices as repeated keys", async () => {
    const cookie = await login(hub);
    device = await connectDevice(hub, "balkon");
    const sensor = loadFixture("tasmota/sensor_bme280.json", "balkon");
    await device.publishAsync(sensor.topic, sensor.payload);
    const today = dayOf(Date.now());
    const path = `/api/v2/events/day?day=${today}&event=temp&event=humid&event=pressure&device=balcony&device=nowhere`;
    let items: { event: string; device: string; time: string; value: number; min: number; max: number }[] = [];
    await until(async () => {
      items = (await jsonOf(await call(hub, "GET", path, { cookie }), EventsDayAnswerSchema)).items;
      return items.length === 3;
    });
    expect(items.map((i) => [i.event, i.device, i.value])).toEqual([
      ["humid", "balcony", 66.6],
      ["pressure", "balcony", 988.6],
      ["temp", "balcony", 21.7],
    ]);
    const bucket = Date.parse(items[0]!.time);
    expect(bucket % (5 * 60_000)).toBe(0); // a 5-minute bucket (spec §9 default)
    expect(Date.now() - bucket).toBeLessThan(5 * 60_000 + 1000);
    // the same on /api/v1, with one key each (a single value, not an array)
    const single = await jsonOf(
      await call(hub, "GET", `/api/v1/events/day?day=${today}&event=temp&device=balcony&bucket=60`, { cookie }),
      EventsDayAnswerSchema,
    );
    expect(single.items).toEqual([
      expect.objectContaining({ event: "temp", device: "balcony", value: 21.7, min: 21.7, max: 21.7 }),
    ]);
  });

  it("refuses a bad day, an unknown event, a missing device or an unknown parameter with 400 naming it", async () => {
    const cookie = await login(hub);
    const cases: [string, string][] = [
      ["day=2026-02-30&event=temp&device=balcony", "day"],
      ["day=yesterday&event=temp&device=balcony", "day"],
      ["event=temp&device=balcony", "day"],
      ["day=2026-11-22&event=weather&device=balcony", "event"],
      ["day=2026-11-22&event=temp", "device"],
      ["day=2026-11-22&event=temp&device=balcony&bucket=0", "bucket"],
      ["day=2026-11-22&event=temp&device=balcony&bucket=5.5", "bucket"],
      ["day=2026-11-22&event=temp&device=bal%2Bcony", "device"],
    ];
    for (const [query, field] of cases) {
      const response = await call(hub, "GET", `/api/v2/events/day?${query}`, { cookie });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.message.startsWith(`${field}`), `${query}: ${body.message}`).toBe(true);
    }
    const unknown = await call(hub, "GET", "/api/v2/events/day?day=2026-11-22&event=temp&device=balcony&colour=red", {
      cookie,
    });
    expect(unknown.status).toBe(400);
  });

  it("needs a session", async () => {
    const response = await call(hub, "GET", `/api/v2/events/day?day=2026-11-22&event=temp&device=balcony`);
    expect(response.status).toBe(401);
  });
});
