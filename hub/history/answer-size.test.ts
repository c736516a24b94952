import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  EventsDayAnswerSchema,
  HISTORY_EVENTS,
  MAX_BUCKETS_PER_ANSWER,
  MINUTE_MS,
  dayOf,
  dayWindow,
} from "../../contract/history";
import { openDb } from "../domains";
import { call, jsonOf, login, startTestHub, tempDir, type TestHub } from "../testing/harness";
import { HistoryStore, type HistoryRow } from "./store";

/** The spec's nine recorded events (its eight sensor kinds and `power`). */
const EVENTS = HISTORY_EVENTS.filter((event) =>
  ["temp", "humid", "light", "batt", "door", "pressure", "pm25", "pm10", "power"].includes(event),
);
/** 16 places, each with the spec's nine events recorded every minute of yesterday's window: 216,000 rows. */
const devices = Array.from({ length: 16 }, (_, i) => `miejsce_${String(i).padStart(2, "0")}`);
const day = dayOf(Date.now() - 24 * 60 * MINUTE_MS);

describe("GET /events/day bounds the size of its answer (events × devices × buckets)", () => {
  let hub: TestHub;
  let cookie: string;
  const get = (query: string) => call(hub, "GET", `/api/v2/events/day?${query}`, { cookie });

  beforeAll(async () => {
    const dataDir = tempDir();
    const db = openDb(dataDir);
    const window = dayWindow(day);
    if (!window) throw new Error("no window");
    const rows: HistoryRow[] = [];
    for (const event of EVENTS) {
      for (const device of devices)
        for (let time = window.from; time < window.to; time += MINUTE_MS)
          rows.push({ event, device, time, span: MINUTE_MS, sum: 21.5, count: 1, min: 21.5, max: 21.5 });
    }
    new HistoryStore(db).write(rows);
    db.close();
    hub = await startTestHub({ dataDir });
    cookie = await login(hub);
  }, 60_000);
  afterAll(async () => {
    await hub.cleanup();
  });

  it("refuses the spec's nine events of 16 places by the minute (216,000 buckets, a 23.5 MB answer before) with 400 naming the limit, at once, while other calls go on", async () => {
    const attack = `day=${day}&${EVENTS.map((e) => `event=${e}`).join("&")}&${devices.map((d) => `device=${d}`).join("&")}&bucket=1`;
    const started = performance.now();
    const attacks = Promise.all(Array.from({ length: 8 }, () => get(attack)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const unrelated = performance.now();
    expect((await call(hub, "GET", "/api/v2/config", { cookie })).status).toBe(200);
    expect(performance.now() - unrelated).toBeLessThan(1000); // 7.4 s behind 4 such requests before
    const answers = await attacks;
    expect(performance.now() - started).toBeLessThan(2000); // 18.5 s for 4 before
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      const body = await jsonOf(answer, ErrorBodySchema);
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.message).toBe(
        `query: events × devices × buckets must be at most ${String(MAX_BUCKETS_PER_ANSWER)} (asked ${String(EVENTS.length)} × 16 × 1500 = ${String(EVENTS.length * 16 * 1500)}): ask fewer events or devices, or a larger bucket`,
      );
    }
    // one event of 4 places by the minute is 6,000 buckets: refused as well
    expect(
      (
        await get(
          `day=${day}&event=temp&${devices
            .slice(0, 4)
            .map((d) => `device=${d}`)
            .join("&")}&bucket=1`,
        )
      ).status,
    ).toBe(400);
  });

  it("answers a query at the limit in full (16 places at 5 minutes: 4,800 items, under 1 MB), and the dashboard's chart as before", async () => {
    const full = await get(`day=${day}&event=temp&${devices.map((d) => `device=${d}`).join("&")}`);
    expect(full.status).toBe(200);
    const text = await full.text();
    expect(Buffer.byteLength(text)).toBeLessThan(1_000_000);
    const items = (await jsonOf(new Response(text), EventsDayAnswerSchema)).items;
    expect(items).toHaveLength(MAX_BUCKETS_PER_ANSWER);
    expect(new Set(items.map((item) => item.device))).toEqual(new Set(devices));

    const chart = await jsonOf(await get(`day=${day}&event=temp&device=${devices[0] ?? ""}`), EventsDayAnswerSchema);
    expect(chart.items).toHaveLength(300);
    expect(chart.items[0]).toMatchObject({ event: "temp", device: devices[0], value: 21.5, min: 21.5, max: 21.5 });
    expect(
      (await get(`day=${day}&event=temp&event=humid&event=pressure&device=${devices[0] ?? ""}&bucket=1`)).status,
    ).toBe(200);
  });
});
