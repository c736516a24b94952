import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PreferencesAnswerSchema } from "../../contract/preferences";
import { call, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

let hub: TestHub;
beforeEach(async () => {
  hub = await startTestHub();
});
afterEach(async () => {
  await hub.cleanup();
});

describe("preferences", () => {
  it("answers the defaults, merges a PATCH and keeps it", async () => {
    const cookie = await login(hub);
    const initial = await call(hub, "GET", "/api/auth/v1/preferences", { cookie });
    expect(await initial.json()).toEqual({
      item: { zoomState: "unlocked", alerts: true, appUi: "standard", defaultRoute: "/", locale: "pl" },
    });
    const patched = await call(hub, "PATCH", "/api/auth/v1/preferences", {
      body: { preferences: { appUi: "car", zoomState: "locked" } },
      cookie,
    });
    expect(await patched.json()).toEqual({
      item: { zoomState: "locked", alerts: true, appUi: "car", defaultRoute: "/", locale: "pl" },
    });
    await call(hub, "PATCH", "/api/auth/v1/preferences", { body: { preferences: { alerts: false } }, cookie });
    const after = await jsonOf(await call(hub, "GET", "/api/auth/v1/preferences", { cookie }), PreferencesAnswerSchema);
    expect(after.item).toMatchObject({ appUi: "car", zoomState: "locked", alerts: false });
  });

  it("refuses a wrong value or an unknown key and changes nothing", async () => {
    const cookie = await login(hub);
    for (const preferences of [{ appUi: "truck" }, { alerts: "yes" }, { colour: "red" }, { defaultRoute: "weather" }]) {
      const response = await call(hub, "PATCH", "/api/auth/v1/preferences", { body: { preferences }, cookie });
      expect(response.status, JSON.stringify(preferences)).toBe(400);
    }
    const after = await jsonOf(await call(hub, "GET", "/api/auth/v1/preferences", { cookie }), PreferencesAnswerSchema);
    expect(after.item).toMatchObject({ appUi: "standard", alerts: true, defaultRoute: "/" });
  });
});
