import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  PV_LOG_MAX_BYTES,
  PvDayAnswerSchema,
  PvLogAnswerSchema,
  PvLogErrorSchema,
  PvLogsAnswerSchema,
  PvMonthAnswerSchema,
} from "../../contract/pv";
import { call, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

const sample = readFileSync(new URL("../examples/pv-sample.csv", import.meta.url));
const bad = readFileSync(new URL("../../tests/fixtures/pv-bad.csv", import.meta.url));

let hub: TestHub;
let cookie: string;
beforeAll(async () => {
  hub = await startTestHub();
  cookie = await login(hub);
});
afterAll(() => hub.cleanup());

/** POST /pv/log with a multipart body built by fetch's FormData (as the browser sends it). */
function upload(form: FormData, base = "/api/v2", headers: Record<string, string> = {}) {
  return fetch(`${hub.url.replace("localhost", "127.0.0.1")}${base}/pv/log`, {
    method: "POST",
    body: form,
    headers: { cookie, ...headers },
  });
}
function formWith(bytes: Uint8Array | string, name = "pv.csv", field = "file") {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "text/csv" }), name);
  return form;
}

describe("POST /pv/log", () => {
  it("parses and stores the sample log and answers rows, period, energy and peak; GET /pv/logs lists it", async () => {
    const response = await upload(formWith(sample, "pv-sample.csv"));
    expect(response.status).toBe(200);
    const { item } = await jsonOf(response, PvLogAnswerSchema);
    expect(item).toMatchObject({
      name: "pv-sample.csv",
      rows: 61,
      from: "2026-06-21T03:00:00.000Z",
      to: "2026-06-21T18:00:00.000Z",
      energyKwh: 40.098,
      peakW: 4200,
    });
    const list = await jsonOf(await call(hub, "GET", "/api/v1/pv/logs", { cookie }), PvLogsAnswerSchema);
    expect(list.items[0]).toEqual(item);
  });

  it("answers a bad file with 400 naming the line that failed, and stores nothing", async () => {
    const before = (await jsonOf(await call(hub, "GET", "/api/v2/pv/logs", { cookie }), PvLogsAnswerSchema)).items
      .length;
    const response = await upload(formWith(bad, "pv-bad.csv"));
    expect(response.status).toBe(400);
    const body = await jsonOf(response, PvLogErrorSchema);
    expect(body).toMatchObject({ code: "BAD_REQUEST", line: 5, message: "line 5: power: not a number" });
    expect((await jsonOf(await call(hub, "GET", "/api/v2/pv/logs", { cookie }), PvLogsAnswerSchema)).items.length).toBe(
      before,
    );
  });

  it("refuses a file over the size limit with 413 and never parses it", async () => {
    const big = new Uint8Array(PV_LOG_MAX_BYTES + 1).fill(0x31);
    const response = await upload(formWith(big));
    expect(response.status).toBe(413);
    expect(await jsonOf(response, ErrorBodySchema)).toMatchObject({
      code: "BAD_REQUEST",
      message: "file: larger than the upload limit",
    });
  });

  it("refuses more files, fields or parts than an upload takes (413), a missing file (400 naming file) and binary garbage (400)", async () => {
    const two = formWith(sample);
    two.append("file", new Blob([sample]), "second.csv");
    expect((await upload(two)).status).toBe(413);
    const fields = formWith(sample);
    for (let i = 0; i < 4; i++) fields.append(`f${i}`, "x");
    expect((await upload(fields)).status).toBe(413);
    const none = new FormData();
    none.append("note", "no file");
    const missing = await upload(none);
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing, ErrorBodySchema)).message).toBe("file: required");
    const garbage = await upload(formWith(new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28])));
    expect(garbage.status).toBe(400);
    expect((await jsonOf(garbage, ErrorBodySchema)).message).toBe("file: not UTF-8 text");
  });

  it("keeps the hub's write guard: multipart only on this route, and never from another origin or without a session", async () => {
    expect((await upload(formWith(sample), "/api/v2", { origin: "http://evil.example" })).status).toBe(403);
    const other = await fetch(`${hub.url.replace("localhost", "127.0.0.1")}/api/v2/gps/notifications`, {
      method: "POST",
      body: formWith(sample),
      headers: { cookie },
    });
    expect(other.status).toBe(415);
    const anonymous = await fetch(`${hub.url.replace("localhost", "127.0.0.1")}/api/v2/pv/log`, {
      method: "POST",
      body: formWith(sample),
    });
    expect(anonymous.status).toBe(401);
    const json = await call(hub, "POST", "/api/v2/pv/log", { cookie, body: { file: "x" } });
    expect(json.status).toBe(400);
  });
});

describe("GET /pv/day and /pv/month: the charts' figures from the uploaded logs", () => {
  it("answer the sample's day (power curve, 40.098 kWh, 4200 W) and its month (30 days, the 21st's energy)", async () => {
    expect((await upload(formWith(sample, "pv-sample.csv"))).status).toBe(200);
    const day = await jsonOf(await call(hub, "GET", "/api/v2/pv/day?day=2026-06-21", { cookie }), PvDayAnswerSchema);
    expect(day.item).toMatchObject({ day: "2026-06-21", energyKwh: 40.098, peakW: 4200 });
    expect(day.item.points).toHaveLength(61);
    const month = await jsonOf(
      await call(hub, "GET", "/api/v1/pv/month?month=2026-06", { cookie }),
      PvMonthAnswerSchema,
    );
    expect(month.item.days).toHaveLength(30);
    expect(month.item.days[20]).toEqual({ day: "2026-06-21", energyKwh: 40.098, peakW: 4200 });
    expect(month.item).toMatchObject({ energyKwh: 40.098, peakW: 4200 });
    const empty = await jsonOf(await call(hub, "GET", "/api/v2/pv/day?day=2026-06-22", { cookie }), PvDayAnswerSchema);
    expect(empty.item).toMatchObject({ energyKwh: null, peakW: null, points: [] });
  });

  it("refuse a missing, malformed, impossible or out-of-range day or month, and other keys, with 400 naming it", async () => {
    const cases: [string, string][] = [
      ["/pv/day", "day: required"],
      ["/pv/day?day=21.06.2026", "day: must be YYYY-MM-DD"],
      ["/pv/day?day=2026-02-30", "day: must be a real date in 2000..2099"],
      ["/pv/day?day=1999-12-31", "day: must be a real date in 2000..2099"],
      ["/pv/day?day=2026-06-21&day=2026-06-22", "day: "],
      ["/pv/day?day=2026-06-21&__proto__=x", "unknown field"],
      ["/pv/month?month=2026-13", "month: must be YYYY-MM"],
      ["/pv/month?month=2100-01", "month: must be in 2000..2099"],
      ["/pv/month?month=2026-06&day=2026-06-01", "unknown field"],
    ];
    for (const [path, message] of cases) {
      const response = await call(hub, "GET", `/api/v2${path}`, { cookie });
      expect(response.status, path).toBe(400);
      const body = await jsonOf(response, ErrorBodySchema);
      expect(body.code, path).toBe("BAD_REQUEST");
      expect(body.message ?? "", path).toContain(message);
    }
    expect((await call(hub, "GET", "/api/v2/pv/day?day=2026-06-21")).status).toBe(401);
  });
});
