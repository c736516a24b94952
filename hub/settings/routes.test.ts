import { afterEach, describe, expect, it } from "vitest";
import { ConfigAnswerSchema } from "../../src/shared/contract/config";
import { SettingAnswerSchema } from "../../src/shared/contract/settings";
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
    const value = [{ id: "a", sensor: "balcony" }, { id: "b", sensor: "tunnel" }];
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "tempWatchdog", value, idsToRemove: ["a"] } });
    expect(await jsonOf(response, SettingAnswerSchema)).toEqual({ item: { key: "tempWatchdog", value: [{ id: "b", sensor: "tunnel" }] } });

    // A subscriber (the dashboard) that connects afterwards still gets it: the message is retained.
    const client = await connectBrowser(hub, cookie);
    try {
      const message = await nextMessage(client, "settings/tempWatchdog");
      expect(message.retain).toBe(true);
      expect(JSON.parse(message.payload)).toEqual([{ id: "b", sensor: "tunnel" }]);
    } finally {
      client.end(true);
    }
  });

  it("refuses an unknown key", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "__proto__", value: 1 } });
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
});
