import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTH_PATHS,
  LockAnswerSchema,
  LoginAnswerSchema,
  LogoutAnswerSchema,
  SessionListSchema,
} from "../contract/auth";
import { BRIDGE_STATS_PATH, BridgeStatsAnswerSchema } from "../contract/bridge";
import { CONFIG_PATH, ConfigAnswerSchema } from "../contract/config";
import { ErrorBodySchema } from "../contract/envelope";
import { GarageCommandAnswerSchema, garagePath } from "../contract/garage";
import {
  GPS_NOTIFICATIONS_PATH,
  GpsNotificationsAnswerSchema,
  GpsTrackAnswerSchema,
  gpsTrackPath,
} from "../contract/gps";
import { PV_LOGS_PATH, PvLogsAnswerSchema } from "../contract/pv";
import { CALENDARS_PATH, CalendarsAnswerSchema } from "../contract/calendar";
import { DEVICES_PATH, DevicesAnswerSchema } from "../contract/devices";
import { ERROR_STATUS, isErrorCode } from "../contract/errors";
import { DEFAULT_API_BASES } from "../contract/paths";
import { PREFERENCES_PATH, PreferencesAnswerSchema } from "../contract/preferences";
import { SENSORS_PATH, SensorListSchema } from "../contract/sensors";
import { EVENTS_DAY_PATH, EventsDayAnswerSchema } from "../contract/history";
import { SETTINGS_PATH, SettingAnswerSchema } from "../contract/settings";
import { SENSORS_NOTIFY_PATH, SensorsNotifyAnswerSchema } from "../contract/settingValues";
import { SWITCHES_PATH, SwitchSetAnswerSchema, SwitchesAnswerSchema, switchSetPath } from "../contract/switches";
import {
  IR_CODE_PATH,
  IR_LEARN_PATH,
  IR_SEND_PATH,
  IrCodeAnswerSchema,
  IrLearnAnswerSchema,
  IrSendAnswerSchema,
} from "../contract/ir";
import { tasmotaConsolePath } from "../contract/tasmota-console";
import {
  AUTOMATIONS_PATH,
  AutomationAnswerSchema,
  AutomationDeletedAnswerSchema,
  AutomationRunAnswerSchema,
  AutomationRunsAnswerSchema,
  AutomationsAnswerSchema,
  automationPath,
  automationRunPath,
} from "../contract/automations";
import { call, login, startTestHub, type TestHub } from "./testing/harness";

/**
 * The hub's half of the contract test: every answer of the running hub parses with the
 * contract schema the dashboard parses it with (contract); the dashboard's half is
 * src/app/tests/contract.hub.test.ts, which reads the same answers through the dashboard's API
 * functions. Error answers carry a contract code with the contract's status.
 */
let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub.cleanup();
});

const { auth, general, generalV1 } = DEFAULT_API_BASES;

/** Calls the hub and parses its 200 answer with `schema`. */
async function answer<TSchema extends v.GenericSchema>(
  schema: TSchema,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await call(hub, method, path, options);
  expect(response.status, `${method} ${path}`).toBe(200);
  const parsed = v.safeParse(schema, await response.json());
  expect(parsed.issues && v.summarize(parsed.issues), `${method} ${path}`).toBeUndefined();
  return parsed.output as v.InferOutput<TSchema>;
}

describe("every answer of the hub parses with its contract schema", () => {
  it("authentication base: login, validate, sessions, preferences, settings, lock, logout", async () => {
    const cookie = await login(hub);
    expect(
      (await answer(LoginAnswerSchema, "POST", `${auth}${AUTH_PATHS.validate}`, { cookie, body: {} })).item.login,
    ).toBe("demo");
    expect((await answer(SessionListSchema, "GET", `${auth}${AUTH_PATHS.all}`, { cookie })).items).toHaveLength(1);
    expect((await answer(PreferencesAnswerSchema, "GET", `${auth}${PREFERENCES_PATH}`, { cookie })).item.locale).toBe(
      "pl",
    );
    expect(
      (
        await answer(PreferencesAnswerSchema, "PATCH", `${auth}${PREFERENCES_PATH}`, {
          cookie,
          body: { preferences: { defaultRoute: "/weather" } },
        })
      ).item.defaultRoute,
    ).toBe("/weather");
    expect(
      (
        await answer(SettingAnswerSchema, "PATCH", `${auth}${SETTINGS_PATH}`, {
          cookie,
          body: { key: "garageLight", value: "lampa_salon" },
        })
      ).item.key,
    ).toBe("garageLight");
    const other = await login(hub, "demo", "demo", "second");
    expect(
      (await answer(LockAnswerSchema, "POST", `${auth}${AUTH_PATHS.lock}`, { cookie: other, body: {} })).item.locked,
    ).toBe(true);
    expect(
      (await answer(LogoutAnswerSchema, "DELETE", `${auth}${AUTH_PATHS.session}`, { cookie: other, body: {} })).item
        .revoked,
    ).toMatch(/./);
  });

  it("general bases v2 and v1: config, switches, sensors, bridge stats, switch set", async () => {
    const cookie = await login(hub);
    for (const base of [general, generalV1]) {
      expect(
        (await answer(ConfigAnswerSchema, "GET", `${base}${CONFIG_PATH}`, { cookie })).item.mqttConnectionString,
      ).toMatch(/^ws:\/\//);
      expect(
        (await answer(SwitchesAnswerSchema, "GET", `${base}${SWITCHES_PATH}`, { cookie })).items.length,
      ).toBeGreaterThan(0);
      expect(
        (await answer(SensorListSchema, "GET", `${base}${SENSORS_PATH}`, { cookie })).items.length,
      ).toBeGreaterThan(0);
      expect(
        (await answer(BridgeStatsAnswerSchema, "GET", `${base}${BRIDGE_STATS_PATH}`, { cookie })).item.received,
      ).toBeGreaterThanOrEqual(0);
      expect(
        (
          await answer(SwitchSetAnswerSchema, "POST", `${base}${switchSetPath("listwa")}`, {
            cookie,
            body: { relay: 2, state: "OFF" },
          })
        ).item.command,
      ).toBe("POWER2");
      expect(
        (await answer(SensorsNotifyAnswerSchema, "POST", `${base}${SENSORS_NOTIFY_PATH}`, { cookie, body: {} })).item
          .active,
      ).toEqual([]);
      expect(
        (
          await answer(
            EventsDayAnswerSchema,
            "GET",
            `${base}${EVENTS_DAY_PATH}?day=2026-11-22&event=temp&event=humid&device=balcony`,
            { cookie },
          )
        ).items,
      ).toEqual([]);
    }
  });

  it("garage base: door commands", async () => {
    const cookie = await login(hub);
    expect(
      (
        await answer(GarageCommandAnswerSchema, "POST", `${DEFAULT_API_BASES.garage}${garagePath("gate", "stop")}`, {
          cookie,
        })
      ).item.door,
    ).toBe("gate");
    expect(
      (
        await answer(
          GarageCommandAnswerSchema,
          "POST",
          `${DEFAULT_API_BASES.garage}${garagePath("garage", "constantStop")}`,
          { cookie, body: { value: false } },
        )
      ).item.command,
    ).toBe("constantStop");
  });

  it("general base: IR learn, save a code, send it", async () => {
    const cookie = await login(hub);
    const code = { protocol: "NEC", bits: 32, data: "0x20DF10EF" };
    expect(
      (
        await answer(IrLearnAnswerSchema, "POST", `${general}${IR_LEARN_PATH}`, {
          cookie,
          body: { device: "pilot_salon", enable: true },
        })
      ).item.learning,
    ).toBe(true);
    expect(
      (
        await answer(IrCodeAnswerSchema, "POST", `${general}${IR_CODE_PATH}`, {
          cookie,
          body: { device: "pilot_salon", name: "Power", code },
        })
      ).item.name,
    ).toBe("Power");
    expect(
      (
        await answer(IrSendAnswerSchema, "POST", `${generalV1}${IR_SEND_PATH}`, {
          cookie,
          body: { device: "pilot_salon", code: "Power" },
        })
      ).item.code,
    ).toEqual(code);
  });

  it("automations on v2 and v1: list, create, edit, run, runs, delete", async () => {
    const cookie = await login(hub);
    for (const base of [general, generalV1]) {
      const body = {
        name: "Kontrakt",
        trigger: { type: "doorbell" },
        actions: [{ kind: "notify", message: "dzwonek" }],
      };
      const created = await answer(AutomationAnswerSchema, "POST", `${base}${AUTOMATIONS_PATH}`, { cookie, body });
      expect(
        (await answer(AutomationsAnswerSchema, "GET", `${base}${AUTOMATIONS_PATH}`, { cookie })).items.some(
          (item) => item.id === created.item.id,
        ),
      ).toBe(true);
      expect(
        (
          await answer(AutomationAnswerSchema, "PATCH", `${base}${automationPath(created.item.id)}`, {
            cookie,
            body: { enabled: false },
          })
        ).item.enabled,
      ).toBe(false);
      expect(
        (
          await answer(AutomationRunAnswerSchema, "POST", `${base}${automationRunPath(created.item.id)}`, {
            cookie,
            body: {},
          })
        ).item.ok,
      ).toBe(true);
      expect(
        (await answer(AutomationRunsAnswerSchema, "GET", `${base}${automationPath(created.item.id)}/runs`, { cookie }))
          .items,
      ).toHaveLength(1);
      expect(
        (await answer(AutomationDeletedAnswerSchema, "DELETE", `${base}${automationPath(created.item.id)}`, { cookie }))
          .item.id,
      ).toBe(created.item.id);
    }
  });

  it("general bases v2 and v1: GPS notifications and track, PV logs", async () => {
    const cookie = await login(hub);
    for (const base of [general, generalV1]) {
      expect(
        (
          await answer(GpsNotificationsAnswerSchema, "POST", `${base}${GPS_NOTIFICATIONS_PATH}`, {
            cookie,
            body: { state: false },
          })
        ).item.state,
      ).toBe(false);
      expect(
        (await answer(GpsTrackAnswerSchema, "GET", `${base}${gpsTrackPath("mruczek", 2)}`, { cookie })).items,
      ).toEqual([]);
      await answer(PvLogsAnswerSchema, "GET", `${base}${PV_LOGS_PATH}`, { cookie });
      await answer(DevicesAnswerSchema, "GET", `${base}${DEVICES_PATH}`, { cookie });
      await answer(CalendarsAnswerSchema, "GET", `${base}${CALENDARS_PATH}`, { cookie });
    }
  });

  it("error answers: a contract code, the contract's status for it, `{code, message}`", async () => {
    const cookie = await login(hub);
    const cases: [string, string, { cookie?: string; body?: unknown }][] = [
      ["POST", `${auth}${AUTH_PATHS.login}`, { body: { login: "demo", password: "wrong", sessionName: "x" } }],
      ["POST", `${auth}${AUTH_PATHS.validate}`, { body: {} }],
      ["PATCH", `${auth}${PREFERENCES_PATH}`, { cookie, body: { preferences: { defaultRoute: "weather" } } }],
      ["GET", `${general}/no-such-route`, { cookie }],
      ["GET", `${DEFAULT_API_BASES.garage}/gate`, { cookie }],
      ["POST", `${DEFAULT_API_BASES.garage}${garagePath("gate", "constantStop")}`, { cookie, body: { value: "on" } }],
      ["POST", `${general}${switchSetPath("nieznany")}`, { cookie, body: { state: "ON" } }],
      ["POST", `${general}${switchSetPath("listwa")}`, { cookie, body: { relay: 9, state: "ON" } }],
      [
        "POST",
        `${general}${tasmotaConsolePath("listwa")}`,
        { cookie, body: { cmd: "Backlog Power ON; Backlog Restart 1" } },
      ],
      ["POST", `${general}${tasmotaConsolePath("listwa")}`, { cookie, body: { cmd: "MqttHost 10.0.0.66" } }],
      ["POST", `${general}${IR_SEND_PATH}`, { cookie, body: { device: "telewizor", code: "Power" } }],
      [
        "POST",
        `${general}${IR_CODE_PATH}`,
        { cookie, body: { device: "pilot_salon", name: "", code: { protocol: "NEC", bits: 32, data: "0x1" } } },
      ],
      [
        "POST",
        `${general}${AUTOMATIONS_PATH}`,
        { cookie, body: { name: "x", trigger: { type: "doorbell" }, actions: [] } },
      ],
      ["DELETE", `${general}${automationPath("nie-ma")}`, { cookie }],
    ];
    for (const [method, path, options] of cases) {
      const response = await call(hub, method, path, options);
      const body = v.parse(ErrorBodySchema, await response.json());
      expect(isErrorCode(body.code), `${method} ${path}: ${body.code}`).toBe(true);
      if (isErrorCode(body.code)) expect(response.status, `${method} ${path}`).toBe(ERROR_STATUS[body.code]);
      expect(typeof body.message).toBe("string");
    }
  });
});
