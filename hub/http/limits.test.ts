import Database from "better-sqlite3";
import * as v from "valibot";
import { ConfigAnswerSchema } from "../../contract/config";
import { ErrorCodeSchema } from "../../contract/errors";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "../domains";
import {
  call,
  connectBrowser,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  tempDir,
  type TestHub,
} from "../testing/harness";
import { jsonTextDepth, MAX_JSON_DEPTH, MAX_SETTING_VALUE_BYTES } from "../core/json-limits";

// Deep settings (docs/security.md): a value nested thousands deep must never be stored, republished
// retained at hub start or reach a dashboard's IndexedDB. Every JSON body is limited to MAX_JSON_DEPTH levels and a settings value to 64 KiB.

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

/** The contract's error body, with its message required (every error of the hub has one). */
const ErrorBody = v.object({ code: ErrorCodeSchema, message: v.string() });

/** JSON text of an array nested `depth` levels deep: `[[[...]]]`. */
const nested = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

function patchSettingsRaw(target: TestHub, cookie: string, text: string): Promise<Response> {
  return fetch(`${target.url}/api/auth/v1/settings`, {
    method: "PATCH",
    headers: { cookie, "content-type": "application/json" },
    body: text,
  });
}

/** The stored JSON of a setting, read straight from SQLite (undefined when not stored). */
function storedJson(dataDir: string, key: string): string | undefined {
  const db = new Database(join(dataDir, "hub.sqlite"), { readonly: true });
  try {
    return db.prepare<[string], { json: string }>("SELECT json FROM settings WHERE key = ?").get(key)?.json;
  } finally {
    db.close();
  }
}

describe("jsonTextDepth", () => {
  it("counts nesting outside strings only", () => {
    expect(jsonTextDepth("1")).toBe(0);
    expect(jsonTextDepth("{}")).toBe(1);
    expect(jsonTextDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonTextDepth('["[[[[", "\\"[[[", {"x]]]": "{{{"}]')).toBe(2);
  });

  it("measures a million levels without recursion and stops early when asked", () => {
    const deep = nested(1_000_000);
    expect(jsonTextDepth(deep)).toBe(1_000_000);
    expect(jsonTextDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe("PATCH /settings depth and size", () => {
  for (const depth of [4_000, 5_000]) {
    it(`refuses a value nested ${depth} deep with 400 BAD_REQUEST naming the limit, and stores and publishes nothing`, async () => {
      const mqttPort = await freePort();
      hub = await startTestHub({ mqttPort });
      const cookie = await login(hub);
      const response = await patchSettingsRaw(hub, cookie, `{"key":"dashboardSwitches","value":${nested(depth)}}`);
      expect(response.status).toBe(400);
      const body = await jsonOf(response, ErrorBody);
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.message).toContain(`${MAX_JSON_DEPTH} levels`);
      expect(storedJson(hub.dataDir, "dashboardSwitches")).toBeUndefined();
      const client = await connectBrowser(hub, cookie);
      try {
        await expect(nextMessage(client, "settings/dashboardSwitches", 500)).rejects.toThrow();
      } finally {
        client.end(true);
      }
    });
  }

  it("refuses a body nested deeper than the limit on every route (no 500 however deep)", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const [method, path, text] of [
      ["POST", "/api/auth/v1/auth", `{"login":"demo","password":"demo","sessionName":${nested(50_000)}}`],
      ["PATCH", "/api/auth/v1/preferences", `{"preferences":${nested(40)}}`],
      ["PATCH", "/api/auth/v1/settings", nested(100_000)],
    ] as const) {
      const response = await fetch(`${hub.url}${path}`, {
        method,
        headers: { cookie, "content-type": "application/json" },
        body: text,
      });
      expect(response.status, path).toBe(400);
      expect((await jsonOf(response, ErrorBody)).code).toBe("BAD_REQUEST");
    }
  });

  it("a value as deep as the body limit allows (31 levels inside the body's object) passes the depth limit; one level more does not", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const response = await patchSettingsRaw(
      hub,
      cookie,
      `{"key":"dashboardSwitches","value":${nested(MAX_JSON_DEPTH - 1)}}`,
    );
    // Past the limits a value meets its key's schema (docs/contract.md "Setting values"):
    // no switch list is 31 levels deep, so it is refused for its shape, naming the field, not its depth.
    expect(response.status).toBe(400);
    expect((await jsonOf(response, ErrorBody)).message).toBe("value.0: expected string");
    const over = await patchSettingsRaw(hub, cookie, `{"key":"dashboardSwitches","value":${nested(MAX_JSON_DEPTH)}}`);
    expect(over.status).toBe(400);
    expect((await jsonOf(over, ErrorBody)).message).toContain(`${MAX_JSON_DEPTH} levels`);
  });

  it("refuses a value over 64 KiB as JSON with 400 naming the limit; one just under passes the limit", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const big = "x".repeat(MAX_SETTING_VALUE_BYTES); // + 2 quotes = over the limit
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", {
      cookie,
      body: { key: "weatherWatchdog", value: big },
    });
    expect(response.status).toBe(400);
    const body = await jsonOf(response, ErrorBody);
    expect(body.message).toContain("64 KiB");
    expect(body.message).not.toContain("xxxx");
    expect(storedJson(hub.dataDir, "weatherWatchdog")).toBeUndefined();

    // Multi-byte text counts in bytes: 22,000 'ł' are 44,000 bytes, fine; 33,000 are 66,000, too big.
    expect(
      (
        await call(hub, "PATCH", "/api/auth/v1/settings", {
          cookie,
          body: { key: "weatherWatchdog", value: "ł".repeat(33_000) },
        })
      ).status,
    ).toBe(400);
    const fits = await call(hub, "PATCH", "/api/auth/v1/settings", {
      cookie,
      body: { key: "weatherWatchdog", value: "x".repeat(MAX_SETTING_VALUE_BYTES - 2) },
    });
    // Within the limit it meets the key's schema (a weather watchdog is an object), which names the field instead of the limit.
    expect(fits.status).toBe(400);
    expect((await jsonOf(fits, ErrorBody)).message).toBe("value: expected Object");
  });
});

describe("stored settings are validated on read at hub start", () => {
  it("skips a stored value that breaks the limits (deep, oversized, unreadable) and republishes only the good ones", async () => {
    const dataDir = tempDir();
    const db = openDb(dataDir);
    const insert = db.prepare("INSERT INTO settings (key, json, updated_at) VALUES (?, ?, ?)");
    const now = new Date().toISOString();
    insert.run("dashboardSwitches", nested(4_000, '"lampa_salon"'), now);
    insert.run("weatherWatchdog", JSON.stringify("x".repeat(MAX_SETTING_VALUE_BYTES + 10)), now);
    insert.run("tempWatchdog", "{not json", now);
    // A well-formed group list, but over 64 KiB: validated on read, so not used either.
    const hugeGroups = Array.from({ length: 3_000 }, (_, i) => ({
      name: `Ogromna grupa ${i}`,
      items: ["pompa", "listwa/2"],
    }));
    insert.run("switchesList", JSON.stringify(hugeGroups), now);
    insert.run("garageLight", "true", now);
    db.close();

    const mqttPort = await freePort();
    hub = await startTestHub({ dataDir, mqttPort });
    const client = await connectBrowser(hub);
    try {
      const good = await nextMessage(client, "settings/garageLight");
      expect(good.payload).toBe("true");
      for (const key of ["dashboardSwitches", "weatherWatchdog", "tempWatchdog", "switchesList"]) {
        await expect(nextMessage(client, `settings/${key}`, 300), key).rejects.toThrow();
      }
    } finally {
      client.end(true);
    }

    // A stored switchesList beyond the limits is not handed out either: /config keeps the household's groups.
    const cookie = await login(hub);
    const config = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswerSchema);
    expect(config.item.switchesList.map((group) => group.name)).not.toContain("Ogromna grupa 0");
    expect(config.item.switchesList.length).toBeGreaterThan(0);
  });
});
