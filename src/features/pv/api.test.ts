import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api/client";
import { ApiError, httpError } from "../../lib/api/errors";
import { failedLine, uploadPvLog } from "./api";
import { formatKwh, formatPeriod, formatPower } from "./components/format";

describe("failedLine", () => {
  it("reads the line and message of a refused log", () => {
    const error = httpError(400, "Bad Request", {
      code: "BAD_REQUEST",
      line: 5,
      message: "line 5: power: not a number",
    });
    expect(failedLine(error)).toEqual({ line: 5, message: "line 5: power: not a number" });
  });

  it("is null for other failures: no line, another status, not an API error", () => {
    expect(failedLine(httpError(400, "", { code: "BAD_REQUEST", message: "file: required" }))).toBeNull();
    expect(failedLine(httpError(413, "", { code: "BAD_REQUEST", line: 3 }))).toBeNull();
    expect(failedLine(new ApiError("x", { kind: "network" }))).toBeNull();
    expect(failedLine(new Error("x"))).toBeNull();
  });
});

describe("PV formatting", () => {
  it("shows energy in kWh and power in W or kW in Polish", () => {
    expect(formatKwh(40.098, "pl")).toBe("40,098\u00a0kWh");
    expect(formatPower(4200, "pl")).toBe("4,2\u00a0kW");
    expect(formatPower(640, "pl")).toBe("640\u00a0W");
  });

  it("shows a period within one day with the date once", () => {
    const text = formatPeriod("2026-06-21T03:00:00.000Z", "2026-06-21T18:00:00.000Z", "pl");
    expect(text).toMatch(/^\d{2}\.\d{2}\.2026, \d{2}:\d{2} – \d{2}:\d{2}$/);
  });
});

/** An XMLHttpRequest that records what is sent and answers when the test says so. */
class HeldXhr {
  static sent: HeldXhr[] = [];
  url = "";
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(): void {}
  abort(): void {}
  send(): void {
    HeldXhr.sent.push(this);
  }
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe("uploadPvLog (spec §7 POST /pv/log)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    HeldXhr.sent = [];
  });

  it("goes through the task queue: it waits while two long tasks hold it, then is sent and answered", async () => {
    vi.stubGlobal("XMLHttpRequest", HeldXhr);
    const general = createApiClient({ baseUrl: "http://localhost/api/v2", retry: 0 });
    const releases: (() => void)[] = [];
    const tasks = [1, 2].map(() =>
      general.inQueue("task", () => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const upload = uploadPvLog(general, new File(["time,power\n"], "pv.csv", { type: "text/csv" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(HeldXhr.sent).toHaveLength(0);
    releases[0]?.();
    await vi.waitFor(() => expect(HeldXhr.sent).toHaveLength(1), { timeout: 5_000 }); // the queue is loaded on first use
    expect(HeldXhr.sent[0]?.url).toBe("http://localhost/api/v2/pv/log");
    const item = {
      id: 1,
      name: "pv.csv",
      uploadedAt: "2026-06-21T20:00:00.000Z",
      rows: 61,
      from: "2026-06-21T03:00:00.000Z",
      to: "2026-06-21T18:00:00.000Z",
      energyKwh: 40.098,
      peakW: 4200,
    };
    HeldXhr.sent[0]?.answer(200, { item });
    expect(await upload).toEqual(item);
    releases[1]?.();
    await Promise.all(tasks);
  });
});

describe("uploadPvLog and the session (spec §4: any answer carrying AUTH_SESSION_LOCKED locks)", () => {
  /** A browser XMLHttpRequest the hub answers with `status` and `body`. */
  function answeringXhr(status: number, body: unknown) {
    return class {
      status = 0;
      statusText = "";
      responseText = "";
      responseType = "";
      timeout = 0;
      withCredentials = false;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        this.status = status;
        this.statusText = status === 403 ? "Forbidden" : "OK";
        this.responseText = JSON.stringify(body);
        queueMicrotask(() => this.onload?.());
      }
    };
  }

  it("an upload answered 403 AUTH_SESSION_LOCKED reports the code to the API client, as its own calls do", async () => {
    vi.stubGlobal("XMLHttpRequest", answeringXhr(403, { code: "AUTH_SESSION_LOCKED", message: "Session locked" }));
    const codes: string[] = [];
    const general = createApiClient({ baseUrl: "/api/v2", onErrorCode: (code) => codes.push(code) });
    const failure = await uploadPvLog(general, new File(["a"], "pv.csv")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("AUTH_SESSION_LOCKED");
    expect(codes).toEqual(["AUTH_SESSION_LOCKED"]);
  });

  it("a refused file reports its BAD_REQUEST and keeps the line for the screen", async () => {
    vi.stubGlobal(
      "XMLHttpRequest",
      answeringXhr(400, { code: "BAD_REQUEST", line: 2, message: "line 2: power: not a number" }),
    );
    const codes: string[] = [];
    const general = createApiClient({ baseUrl: "/api/v2", onErrorCode: (code) => codes.push(code) });
    const failure = await uploadPvLog(general, new File(["a"], "pv.csv")).catch((error: unknown) => error);
    expect(failedLine(failure)).toEqual({ line: 2, message: "line 2: power: not a number" });
    expect(codes).toEqual(["BAD_REQUEST"]);
  });
});
