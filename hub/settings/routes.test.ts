import { afterEach, describe, expect, it } from "vitest";
import { ConfigAnswerSchema } from "../../contract/config";
import { SettingAnswerSchema } from "../../contract/settings";
import { call, connectBrowser, jsonOf, login, nextMessage, startTestHub, type TestHub } from "../testing/harness";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

describe("PATCH /settings", () => {
  it("stores the value and publishes it retained on settings/<key>", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const value = [
      { id: "a", sensor: "balcony", min: 0 },
      { id: "b", sensor: "tunnel", max: 30 },
    ];
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", {
      cookie,
      body: { key: "tempWatchdog", value, idsToRemove: ["a"] },
    });
    expect(await jsonOf(response, SettingAnswerSchema)).toEqual({
      item: { key: "tempWatchdog", value: [{ id: "b", sensor: "tunnel", max: 30 }] },
    });

    // A subscriber (the dashboard) that connects afterwards still gets it: the message is retained.
    const client = await connectBrowser(hub, cookie);
    try {
      const message = await nextMessage(client, "settings/tempWatchdog");
      expect(message.retain).toBe(true);
      expect(JSON.parse(message.payload)).toEqual([{ id: "b", sensor: "tunnel", max: 30 }]);
    } finally {
      client.end(true);
    }
  });

  it("refuses an unknown key", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", {
      cookie,
      body: { key: "__proto__", value: 1 },
    });
    expect(response.status).toBe(400);
  });

  it("a stored switchesList setting replaces the household's groups in /config", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const groups = [{ name: "Wszystko", items: ["pompa", "listwa/2"] }];
    await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "switchesList", value: groups } });
    const body = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswerSchema);
    expect(body.item.switchesList).toEqual(groups);
  });

  it("refuses a value its key does not take, naming the field under value, and stores nothing", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const refused = async (key: string, value: unknown) => {
      const response = await call(hub!, "PATCH", "/api/auth/v1/settings", { cookie, body: { key, value } });
      expect(response.status).toBe(400);
      return ((await response.json()) as { message: string }).message;
    };
    expect(await refused("tempWatchdog", [{ id: "a", sensor: "balcony", min: 10, max: 5 }])).toBe(
      "value.0.max: must be above min",
    );
    expect(await refused("tempWatchdog", [{ id: "a", sensor: "balcony" }])).toBe("value.0.min: set min or max");
    expect(await refused("dashboardSwitches", ["lampa_salon", "nie_ma"])).toBe("value.1: unknown switch");
    expect(await refused("carDashboardSwitches", ["listwa/4"])).toBe("value.0: the switch has no such relay");
    expect(await refused("garageLight", 5)).toMatch(/^value: expected/);
    expect(
      await refused("switchesList", [
        { name: "A", items: [] },
        { name: " A ", items: [] },
      ]),
    ).toBe("value: group names must differ");
    expect(await refused("switchesList", [{ name: "Biuro", items: ["listwa/1/2"] }])).toBe(
      "value.0.items.0: must be name or name/relay",
    );
    expect(
      await refused("weatherWatchdog", {
        enabled: true,
        frostBelow: 5,
        heatAbove: 2,
        pm25Above: null,
        pm10Above: null,
      }),
    ).toBe("value.heatAbove: must be above frostBelow");
    const body = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswerSchema);
    expect(body.item.switchesList.map((group) => group.name)).toEqual(["Salon", "Biuro", "Ogród", "Garaż"]);
  });
});
