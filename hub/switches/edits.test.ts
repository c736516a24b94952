import { afterEach, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  SWITCHES_PATH,
  SWITCHES_RELOAD_PATH,
  SwitchAnswerSchema,
  SwitchesAnswerSchema,
  switchConfigPath,
} from "../../contract/switches";
import { call, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

describe("GET/PATCH /config/switches/{id}, POST /config/switches/reload (spec §7)", () => {
  it("edits a switch's label and purpose, kept across a restart; when every switch has a purpose none is left for the badge", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const base = "/api/v2";
    expect(
      await jsonOf(await call(hub, "GET", `${base}${switchConfigPath("listwa")}`, { cookie }), SwitchAnswerSchema),
    ).toEqual({ item: { name: "listwa", label: "Listwa w biurze", purpose: null } });

    const patched = await call(hub, "PATCH", `${base}${switchConfigPath("listwa")}`, {
      cookie,
      body: { config: { label: "  Listwa przy biurku ", purpose: "office" } },
    });
    expect(await jsonOf(patched, SwitchAnswerSchema)).toEqual({
      item: { name: "listwa", label: "Listwa przy biurku", purpose: "office" },
    });
    await call(hub, "PATCH", `/api/v1${switchConfigPath("pompa")}`, {
      cookie,
      body: { config: { purpose: "garden" } },
    });

    const reloaded = await jsonOf(
      await call(hub, "POST", `${base}${SWITCHES_RELOAD_PATH}`, { cookie }),
      SwitchesAnswerSchema,
    );
    expect(reloaded.items.filter((item) => item.purpose === null)).toEqual([]);

    // Kept in SQLite across a restart of the hub.
    const dataDir = hub.dataDir;
    await hub.close();
    hub = await startTestHub({ dataDir });
    const again = await login(hub);
    const list = await jsonOf(
      await call(hub, "GET", `${base}${SWITCHES_PATH}`, { cookie: again }),
      SwitchesAnswerSchema,
    );
    expect(list.items.find((item) => item.name === "listwa")).toEqual({
      name: "listwa",
      label: "Listwa przy biurku",
      purpose: "office",
    });

    // A purpose of "" or null clears it (the badge counts it again).
    const cleared = await call(hub, "PATCH", `${base}${switchConfigPath("pompa")}`, {
      cookie: again,
      body: { config: { purpose: "" } },
    });
    expect((await jsonOf(cleared, SwitchAnswerSchema)).item.purpose).toBeNull();
  });

  it("refuses bad edits with 400 naming the field and unknown switches with 404", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const cases: [unknown, RegExp][] = [
      [{ config: {} }, /^config: /],
      [{ config: { label: "" } }, /^config\.label: /],
      [{ config: { label: "x".repeat(201) } }, /^config\.label: /],
      [{ config: { purpose: 5 } }, /^config\.purpose: /],
      [{ config: { name: "other" } }, /^config: unknown field/],
      [{}, /^config: /],
    ];
    for (const [body, message] of cases) {
      const response = await call(hub, "PATCH", `/api/v2${switchConfigPath("listwa")}`, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message, JSON.stringify(body)).toMatch(message);
    }
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { config: { purpose: "x" } }],
    ] as const) {
      const response = await call(hub, method, `/api/v2${switchConfigPath("nieznany")}`, { cookie, body });
      expect(response.status, method).toBe(404);
    }
    expect(
      (await jsonOf(await call(hub, "GET", `/api/v2${switchConfigPath("listwa")}`, { cookie }), SwitchAnswerSchema))
        .item.label,
    ).toBe("Listwa w biurze");
  });
});
