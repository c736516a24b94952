// @vitest-environment node
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSessions, lockSession, login, logout, validateSession } from "../../platform/auth/api";
import {
  createAutomation,
  deleteAutomation,
  fetchAutomations,
  patchAutomation,
  runAutomation,
} from "../../features/automations/api";
import { fetchPreferences, patchPreferences } from "../../platform/preferences/api";
import { fetchSensors } from "../../features/sensors/api";
import { fetchDayHistory } from "../../features/history/api";
import { fetchSwitches } from "../../features/switches/api";
import { deletePanelPush, fetchPanelPush, fetchPushKey, putPanelPush } from "../../features/push/api";
import { registerPanel } from "../../features/panels/api";
import { ConfigResponseSchema } from "../../features/switches/schemas";
import { createApiClient, type ApiClient } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import { CONFIG_PATH, ConfigAnswerSchema } from "../../../contract/config";
import { ERROR_STATUS } from "../../../contract/errors";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { SensorListSchema } from "../../../contract/sensors";
import { setCookiePairs } from "../../../hub/testing/cookies";
import { startTestHub, type TestHub } from "../../../hub/testing/harness";

/**
 * The dashboard's half of the contract test: the dashboard's own API functions, whose
 * schemas are the contract's (contract, wrapped only where marked), read every answer of
 * a real hub; the hub's half is hub/contract.test.ts, parsing the same answers with the same
 * schemas. Runs in Node (not happy-dom) because it starts the hub in-process; typechecked by
 * tsconfig.node.json (it imports the hub's test harness).
 */
let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub.cleanup();
});

/** A fetch that keeps the hub's cookies (the session and its sign-in hint) by name, as a browser would. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    if (jar.size > 0) request.headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(request);
    for (const { name, value } of setCookiePairs(response)) {
      if (value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

function clients(): { auth: ApiClient; general: ApiClient; generalV1: ApiClient } {
  const fetchWithCookie = browserFetch();
  const client = (base: string) => createApiClient({ baseUrl: `${hub.url}${base}`, fetch: fetchWithCookie, retry: 0 });
  return {
    auth: client(DEFAULT_API_BASES.auth),
    general: client(DEFAULT_API_BASES.general),
    generalV1: client(DEFAULT_API_BASES.generalV1),
  };
}

describe("the dashboard reads every answer of the hub", () => {
  it("session calls, preferences, configuration, switches and sensors, with the contract's schemas", async () => {
    const api = clients();
    expect(await login(api.auth, { login: "demo", password: "demo", sessionName: "contract" })).toEqual({
      login: "demo",
      hash: expect.any(String),
    });
    expect(await validateSession(api.auth)).toEqual({ login: "demo", hash: expect.any(String) });
    expect((await listSessions(api.auth)).filter((session) => session.current)).toHaveLength(1);
    expect((await fetchPreferences(api.auth)).data).toMatchObject({ locale: "pl", defaultRoute: "/" });
    expect((await patchPreferences(api.auth, { appUi: "car" })).data.appUi).toBe("car");
    for (const general of [api.general, api.generalV1]) {
      // GET /config as the dashboard's config feature reads it (its schema: features/switches/schemas).
      const config = await general.get(CONFIG_PATH, { schema: ConfigResponseSchema });
      expect(v.parse(ConfigAnswerSchema, config.data).item.mqttConnectionString).toMatch(/^ws:\/\//);
      expect((await fetchSwitches(general)).data.length).toBeGreaterThan(0);
      const sensors = await fetchSensors(general);
      expect(sensors.data.length).toBeGreaterThan(0);
      expect(v.safeParse(SensorListSchema, { items: sensors.data }).success).toBe(true);
      expect(
        await fetchDayHistory(general, {
          day: "2026-11-22",
          events: ["temp", "humid"],
          devices: ["balcony", "outside"],
        }),
      ).toEqual([]);
    }
    // Automations as the automations screen reads and writes them.
    const created = await createAutomation(api.general, {
      name: "Kontrakt",
      enabled: true,
      trigger: { type: "time", time: "06:00", days: [1] },
      actions: [{ kind: "notify", message: "test" }],
    });
    expect((await fetchAutomations(api.general)).data.map((item) => item.id)).toContain(created.id);
    expect((await patchAutomation(api.general, created.id, { enabled: false })).enabled).toBe(false);
    expect((await runAutomation(api.general, created.id)).outcomes).toEqual([{ kind: "notify", status: "done" }]);
    await deleteAutomation(api.general, created.id);
    await lockSession(api.auth);
    const locked = await validateSession(api.auth).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(ApiError);
    expect(locked instanceof ApiError && locked.status === ERROR_STATUS[locked.code as keyof typeof ERROR_STATUS]).toBe(
      true,
    );
    expect((await logout(api.auth)).revoked).toMatch(/./);
  });

  it("push: the hub's VAPID key, a panel's subscription put, read and removed", async () => {
    const api = clients();
    await login(api.auth, { login: "demo", password: "demo", sessionName: "contract-push" });
    expect(await fetchPushKey(api.general)).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const panelId = "contract-panel-01";
    // Only the panel's own session may change its subscription: this session registers as the panel first.
    const registered = await registerPanel(api.general, panelId);
    expect(registered.panel.id).toBe(panelId);
    // The embedded broker delivers commands by session: no command channel.
    expect(registered.mqttClientId).toBeNull();
    expect(await fetchPanelPush(api.general, panelId)).toBeNull();
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/contract",
      expirationTime: null,
      keys: {
        p256dh: "BOr5TXWiGqyfjBxA9PAZoAv3yo0BS71SMAQwcqNGMzAZxTGmgXt6g5x6CSUdmsOjYYAjTqfK0sUcgKjdJhyjKq8",
        auth: "Ry3Y7JRi2I0vmYGuY7AOvQ",
      },
    };
    await putPanelPush(api.general, panelId, { subscription, categories: ["smoke", "doorbell"] });
    expect(await fetchPanelPush(api.general, panelId)).toEqual(["doorbell", "smoke"]);
    await deletePanelPush(api.general, panelId);
    expect(await fetchPanelPush(api.general, panelId)).toBeNull();
    await expect(
      putPanelPush(api.general, panelId, {
        subscription: { ...subscription, endpoint: "https://192.168.1.5/x" },
        categories: [],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
