import { readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CALENDAR_EVENTS_TOPIC,
  CalendarAnswerSchema,
  CalendarEventsPayloadSchema,
  CalendarsAnswerSchema,
  MAX_ICS_BYTES,
  type CalendarEvent,
} from "../../contract/calendar";
import { useCheapKdfForTests } from "../auth/kdf";
import { seedDemoUser } from "../auth/demo-seed";
import { UserStore } from "../auth/user-store";
import { openDb } from "../domains";
import { call, connectBrowser, jsonOf, login, nextJson, startTestHub, tempDir, type TestHub } from "../testing/harness";
import { MAX_EXPANSION_MS } from "./ics";
import { largeIcs } from "./sampleIcs";

const GOOGLE = readFileSync(new URL("../../tests/fixtures/ics/google-recurrence-order.ics", import.meta.url));
const NEXTCLOUD = readFileSync(new URL("../../tests/fixtures/ics/sabredav-school-holidays.ics", import.meta.url));
/** The clock of the hub under test: the morning before the Google export's three occurrences (Denver time). */
const NOW = Date.parse("2026-02-10T06:00:00Z");
const API = "/api/v2/calendars";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
/** A calendar server as Google or Nextcloud answers: what it serves is swapped by each test. */
let handler: Handler;
const requests: IncomingMessage[] = [];
let server: Server;
let base: string;

/** Serves `body` with an ETag and Last-Modified, answering 304 to a matching If-None-Match. */
const serving =
  (body: Buffer, etag = '"v1"'): Handler =>
  (request, response) => {
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304).end();
    response.writeHead(200, {
      "content-type": "text/calendar; charset=utf-8",
      etag,
      "last-modified": "Mon, 09 Feb 2026 10:00:00 GMT",
    });
    response.end(body);
  };

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const hubs: TestHub[] = [];
const clients: MqttClient[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  for (const hub of hubs.splice(0)) await hub.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  requests.length = 0;
});

/** A data directory whose database has the user demo / demo, as a household's hub outside demo mode has its users. */
async function householdDir(): Promise<string> {
  useCheapKdfForTests();
  const dir = tempDir();
  dirs.push(dir);
  const db = openDb(dir);
  await seedDemoUser(new UserStore(db));
  db.close();
  return dir;
}

async function startHub(overrides: Parameters<typeof startTestHub>[0] = {}) {
  const hub = await startTestHub({
    dataDir: overrides.dataDir ?? (await householdDir()),
    demo: false,
    calendar: { now: () => NOW, intervalMs: 3_600_000, limits: { timeoutMs: 1_000 } },
    ...overrides,
  });
  hubs.push(hub);
  return { hub, cookie: await login(hub) };
}

/** The next `calendar/events` payload a browser receives that `accept` takes (the retained one first). */
async function eventsSeen(hub: TestHub, accept: (events: CalendarEvent[]) => boolean = () => true) {
  const browser = await connectBrowser(hub);
  clients.push(browser);
  return nextJson(browser, CALENDAR_EVENTS_TOPIC, CalendarEventsPayloadSchema, accept);
}

describe("household calendars through the hub", () => {
  it("adds a Google calendar by its secret address: events on calendar/events, the address masked, ETag 304 on the next fetch", async () => {
    handler = serving(GOOGLE);
    const { hub, cookie } = await startHub();
    const url = `${base}/calendar/ical/family%40gmail.com/private-0123456789abcdef/basic.ics`;
    const added = await jsonOf(
      await call(hub, "POST", API, { cookie, body: { label: "Rodzina", colour: "#e91e63", url } }),
      CalendarAnswerSchema,
    );
    expect(added.item).toMatchObject({ label: "Rodzina", colour: "#e91e63", enabled: true, events: 3, error: null });
    expect(added.item.address).toBe(`${base}/…`);
    expect(added.item.fetchedAt).toBe(new Date(NOW).toISOString());
    const listed = await call(hub, "GET", API, { cookie });
    expect(await listed.clone().text()).not.toContain("private-0123456789abcdef");
    expect((await jsonOf(listed, CalendarsAnswerSchema)).items).toHaveLength(1);

    const events = await eventsSeen(hub, (list) => list.length === 3);
    expect(events.map((event) => [event.dtstart, event.summary, event.color, event.calendar])).toEqual([
      ["2026-02-10T17:00:00.000Z", "TEST RECURR 3", "#e91e63", added.item.id],
      ["2026-02-11T17:30:00.000Z", "TEST RECURR 3 - MODIFIED", "#e91e63", added.item.id],
      ["2026-02-12T17:00:00.000Z", "TEST RECURR 3", "#e91e63", added.item.id],
    ]);

    const again = await call(hub, "POST", `${API}/${added.item.id}/fetch`, { cookie });
    expect((await jsonOf(again, CalendarAnswerSchema)).item).toMatchObject({ events: 3, error: null });
    expect(requests.at(-1)?.headers["if-none-match"]).toBe('"v1"');
    expect(requests.at(-1)?.headers["if-modified-since"]).toBe("Mon, 09 Feb 2026 10:00:00 GMT");
  });

  it("a failing calendar keeps its last good events, through a restart too, with its error stored", async () => {
    handler = serving(GOOGLE);
    const dataDir = await householdDir();
    const first = await startHub({ dataDir });
    const { item } = await jsonOf(
      await call(first.hub, "POST", API, {
        cookie: first.cookie,
        body: { label: "Praca", colour: "#2196f3", url: `${base}/work.ics` },
      }),
      CalendarAnswerSchema,
    );
    handler = (_request, response) => void response.writeHead(500).end("oops");
    const failed = await jsonOf(
      await call(first.hub, "POST", `${API}/${item.id}/fetch`, { cookie: first.cookie }),
      CalendarAnswerSchema,
    );
    expect(failed.item.error).toMatchObject({ code: "http", status: 500 });
    expect(failed.item.fetchedAt).toBe(item.fetchedAt);
    expect(await eventsSeen(first.hub)).toHaveLength(3);
    await first.hub.close();
    hubs.splice(hubs.indexOf(first.hub), 1);

    handler = (request) => request.socket.destroy(); // the server gone: the connection drops
    const second = await startHub({ dataDir });
    expect((await eventsSeen(second.hub)).map((event) => event.summary)).toContain("TEST RECURR 3 - MODIFIED");
    const [listed] = (
      await jsonOf(await call(second.hub, "GET", API, { cookie: second.cookie }), CalendarsAnswerSchema)
    ).items;
    expect(listed?.fetchedAt).toBe(item.fetchedAt);
    await expect
      .poll(
        async () =>
          (await jsonOf(await call(second.hub, "GET", API, { cookie: second.cookie }), CalendarsAnswerSchema)).items[0]
            ?.error?.code,
      )
      .toBe("unreachable");
  });

  it("refuses a file over 5 MB (streamed or announced), hostile files and slow servers; the last good events stay", async () => {
    handler = serving(NEXTCLOUD);
    const { hub, cookie } = await startHub({
      calendar: { now: () => Date.parse("2018-07-20T10:00:00Z"), intervalMs: 3_600_000, limits: { timeoutMs: 500 } },
    });
    const { item } = await jsonOf(
      await call(hub, "POST", API, { cookie, body: { label: "Szkoła", colour: "#4caf50", url: `${base}/school.ics` } }),
      CalendarAnswerSchema,
    );
    expect(item.events).toBe(1);
    const chunk = Buffer.alloc(64 * 1024, "X");
    const cases: [string, Handler][] = [
      [
        "too_large",
        (_request, response) => {
          response.writeHead(200, { "content-type": "text/calendar" });
          let sent = 0;
          const pump = () => {
            while (sent <= MAX_ICS_BYTES + chunk.length) {
              sent += chunk.length;
              if (!response.write(chunk)) return void response.once("drain", pump);
            }
            response.end();
          };
          response.on("error", () => undefined);
          pump();
        },
      ],
      [
        "too_large",
        (_request, response) => {
          response.writeHead(200, { "content-length": String(MAX_ICS_BYTES + 1) });
          response.end();
        },
      ],
      ["not_ics", (_request, response) => void response.end("<!doctype html><title>Zaloguj się</title>")],
      ["binary", (_request, response) => void response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]))],
      [
        "line_too_long",
        (_request, response) => void response.end(`BEGIN:VCALENDAR\r\nX-A:${"a".repeat(200_000)}\r\nEND:VCALENDAR\r\n`),
      ],
      ["timeout", () => undefined],
      ["redirects", (_request, response) => void response.writeHead(302, { location: "/again" }).end()],
      ["http", (_request, response) => void response.writeHead(404).end()],
    ];
    for (const [code, serve] of cases) {
      handler = serve;
      const answer = await jsonOf(await call(hub, "POST", `${API}/${item.id}/fetch`, { cookie }), CalendarAnswerSchema);
      expect(answer.item.error?.code, code).toBe(code);
      expect(answer.item.fetchedAt).toBe(item.fetchedAt);
    }
    expect((await eventsSeen(hub)).map((event) => [event.summary, event.allDay])).toEqual([
      ["Sommerferien Sachsen", true],
    ]);
    const health = await call(hub, "GET", "/api/v2/calendars", { cookie });
    expect(health.status).toBe(200);
  });

  it("edits, disables and removes a calendar; bad bodies are refused with 400", async () => {
    handler = serving(GOOGLE);
    const { hub, cookie } = await startHub();
    const { item } = await jsonOf(
      await call(hub, "POST", API, {
        cookie,
        body: { label: "Dom", colour: "#ff9800", url: `webcal://127.0.0.1:1/x` },
      }),
      CalendarAnswerSchema,
    );
    expect(item.error?.code).toBe("unreachable");
    expect(item.address).toBe("https://127.0.0.1:1/…");
    const moved = await jsonOf(
      await call(hub, "PATCH", `${API}/${item.id}`, { cookie, body: { url: `${base}/home.ics`, colour: "#9c27b0" } }),
      CalendarAnswerSchema,
    );
    expect(moved.item).toMatchObject({ events: 3, error: null, colour: "#9c27b0" });
    expect((await eventsSeen(hub, (list) => list.length === 3))[0]?.color).toBe("#9c27b0");
    await call(hub, "PATCH", `${API}/${item.id}`, { cookie, body: { enabled: false } });
    expect(await eventsSeen(hub, (list) => list.length === 0)).toEqual([]);
    for (const body of [
      { label: "", colour: "#ffffff", url: `${base}/a.ics` },
      { label: "A", colour: "red", url: `${base}/a.ics` },
      { label: "A", colour: "#ffffff", url: "ftp://example.com/a.ics" },
      { label: "A", colour: "#ffffff", url: "file:///etc/passwd" },
      { label: "A", colour: "#ffffff", url: `${base}/a.ics`, __proto__: { admin: true }, extra: 1 },
    ]) {
      const response = await call(hub, "POST", API, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(hub, "DELETE", `${API}/${item.id}`, { cookie })).status).toBe(200);
    expect((await call(hub, "DELETE", `${API}/${item.id}`, { cookie })).status).toBe(404);
    expect((await call(hub, "POST", `${API}/..%2Fetc/fetch`, { cookie })).status).toBe(404);
    expect((await jsonOf(await call(hub, "GET", API, { cookie }), CalendarsAnswerSchema)).items).toEqual([]);
  });

  it("outside demo mode nothing simulated publishes calendar/events (the simulator on too); in demo the demo calendar shows", async () => {
    const plain = await startHub({ simulator: true });
    expect(await eventsSeen(plain.hub)).toEqual([]);
    const demo = await startHub({ demo: true });
    const events = await eventsSeen(demo.hub, (list) => list.length > 0);
    expect(events.map((event) => event.summary)).toContain("Wywóz śmieci");
    expect(events.every((event) => event.calendar === "demo")).toBe(true);
    // Once the household has a calendar of its own, only its events show.
    handler = serving(GOOGLE);
    await call(demo.hub, "POST", API, {
      cookie: demo.cookie,
      body: { label: "Rodzina", colour: "#e91e63", url: `${base}/family.ics` },
    });
    const own = await eventsSeen(demo.hub, (list) => list.length === 3);
    expect(own.every((event) => event.color === "#e91e63")).toBe(true);
  });
});

/** An ICS file of `lines` inside VCALENDAR, CRLF. */
const icsOf = (lines: string[]) =>
  Buffer.from(["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join("\r\n"));
/** One VEVENT starting `start` (UTC) with `rule`. */
const eventOf = (uid: string, rule: string, start = "20200101T090000Z") => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "SUMMARY:x",
  `DTSTART:${start}`,
  rule,
  "END:VEVENT",
];

describe("calendar files are read off the hub's main thread (the calendar worker)", () => {
  it("while a 5 MB calendar of 19,000 events is read, the hub's main thread keeps running: a 10 ms timer never waits 200 ms, HTTP answers", async () => {
    const big = Buffer.from(largeIcs());
    expect(big.length).toBeGreaterThan(5_000_000);
    expect(big.length).toBeLessThanOrEqual(MAX_ICS_BYTES);
    handler = serving(big);
    const { hub, cookie } = await startHub();
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    try {
      const adding = call(hub, "POST", API, {
        cookie,
        body: { label: "Klub", colour: "#795548", url: `${base}/club.ics` },
      });
      const listed = await call(hub, "GET", API, { cookie });
      expect(listed.status).toBe(200);
      const { item } = await jsonOf(await adding, CalendarAnswerSchema);
      expect(item).toMatchObject({ error: null, fetchedAt: new Date(NOW).toISOString() });
      expect(item.events).toBeGreaterThan(500);
    } finally {
      clearInterval(timer);
    }
    expect(longest).toBeLessThan(200);
    expect((await eventsSeen(hub, (list) => list.length > 0)).every((event) => event.color === "#795548")).toBe(true);
  });

  it("a file past the safety net has its worker ended (too_many_recurrences), one that exhausts the worker's heap is refused (invalid); the next calendar still reads; hostile files get their codes", async () => {
    const files: Record<string, Buffer> = {
      "/minutely.ics": icsOf(eventOf("m", "RRULE:FREQ=MINUTELY")),
      "/huge.ics": Buffer.from(largeIcs()),
      "/family.ics": GOOGLE,
      "/deep.ics": icsOf(Array.from({ length: 10_000 }, (_, i) => `BEGIN:X${i}`)),
      "/many.ics": icsOf(Array.from({ length: 20_001 }, (_, i) => eventOf(`e${i}`, "X-A:1")).flat()),
      "/secondly.ics": icsOf(eventOf("s", "RRULE:FREQ=SECONDLY;COUNT=1000000000")),
    };
    handler = (request, response) => void response.writeHead(200).end(files[request.url ?? ""]);
    const { hub, cookie } = await startHub({
      calendar: { now: () => NOW, intervalMs: 3_600_000, parser: { timeoutMs: 400, heapMb: 16 } },
    });
    const add = async (path: string) =>
      (
        await jsonOf(
          await call(hub, "POST", API, {
            cookie,
            body: { label: path.slice(1, 9), colour: "#607d8b", url: `${base}${path}` },
          }),
          CalendarAnswerSchema,
        )
      ).item;

    const started = performance.now();
    expect((await add("/minutely.ics")).error?.code).toBe("too_many_recurrences");
    expect(performance.now() - started).toBeLessThan(MAX_EXPANSION_MS);
    expect(await add("/family.ics")).toMatchObject({ events: 3, error: null });
    expect((await add("/huge.ics")).error?.code).toBe("invalid");
    for (const [path, code] of [
      ["/deep.ics", "too_deep"],
      ["/many.ics", "too_many_events"],
      ["/secondly.ics", "too_many_recurrences"],
    ] as const)
      expect((await add(path)).error?.code, path).toBe(code);
    const events = await eventsSeen(hub, (list) => list.length === 3);
    expect(events.map((event) => event.summary)).toEqual([
      "TEST RECURR 3",
      "TEST RECURR 3 - MODIFIED",
      "TEST RECURR 3",
    ]);
    expect((await call(hub, "GET", "/api/v2/calendars", { cookie })).status).toBe(200);
  });

  it("when the day changes, the stored file is expanded again for the new window", async () => {
    handler = serving(GOOGLE);
    let clock = NOW;
    const { hub, cookie } = await startHub({ calendar: { now: () => clock, intervalMs: 3_600_000 } });
    const { item } = await jsonOf(
      await call(hub, "POST", API, {
        cookie,
        body: { label: "Rodzina", colour: "#e91e63", url: `${base}/family.ics` },
      }),
      CalendarAnswerSchema,
    );
    expect(item.events).toBe(3);
    clock = NOW + 2 * 86_400_000;
    // 304: the same file, now expanded for the window from 12 February.
    await call(hub, "POST", `${API}/${item.id}/fetch`, { cookie });
    const events = await eventsSeen(hub, (list) => list.length === 1);
    expect(events.map((event) => event.dtstart)).toEqual(["2026-02-12T17:00:00.000Z"]);
  });
});
