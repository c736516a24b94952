import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NightmodeAnswerSchema,
  PtzAnswerSchema,
  PtzPresetAnswerSchema,
  PtzPresetsAnswerSchema,
  nightmodePath,
  ptzPath,
  ptzPresetPath,
  ptzPresetsPath,
} from "../../../contract/camera-controls";
import { CAMERA_CONFIG_TOPIC, type CameraConfigPayload } from "../../../contract/camera-state";
import { ErrorBodySchema } from "../../../contract/envelope";
import { useCameraHub } from "../../testing/camera-hub";
import { call, connectBrowser, freePort, jsonOf, nextMessage, type TestHub } from "../../testing/harness";
import { soapFault, startOnvifCamera, type OnvifCameraSimulator } from "../../testing/onvif-camera";
import { HouseholdCameraSchema } from "../household";
import { deviceService } from "./client";
import { OnvifService } from "./service";

const V1 = "/api/cameras/v1";
const PASSWORD = "kamera-onvif";

/** A household camera with an ONVIF device service at `url` (its picture an HLS address nobody fetches here). */
function onvifCamera(id: string, url: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return {
    id,
    label: id,
    ptz: true,
    source: { type: "hls", url: "http://127.0.0.1:9/stream.m3u8" },
    onvif: { url, username: "admin", password },
    ...extra,
  };
}

/** The error body of a refused call, checked to have `status`. */
async function refusal(response: Response, status: number) {
  expect(response.status).toBe(status);
  return jsonOf(response, ErrorBodySchema);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("ONVIF cameras through the hub (PTZ, presets, night mode, motion events) against the SOAP simulator", () => {
  let camera: OnvifCameraSimulator;
  let fixed: OnvifCameraSimulator;
  let closedPort: number;
  let hub: TestHub;
  let cookie: string;

  beforeAll(async () => {
    camera = await startOnvifCamera({ pullHoldMs: 500 });
    fixed = await startOnvifCamera({ ptz: false, pullHoldMs: 500 });
    closedPort = await freePort();
  });
  afterAll(async () => {
    await camera.close();
    await fixed.close();
  });
  useCameraHub(
    () => ({
      cameras: [
        onvifCamera("brama", camera.url),
        onvifCamera("zle-haslo", camera.url, "nie-to-haslo"),
        onvifCamera("wylaczona", `http://127.0.0.1:${closedPort}/onvif/device_service`),
        onvifCamera("stala", fixed.url, PASSWORD, { ptz: false }),
      ],
      env: { HUB_ONVIF_RETRY_MS: "200", HUB_ONVIF_TIMEOUT_MS: "2000" },
    }),
    (started) => ({ hub, cookie } = started),
  );
  const post = (path: string, body?: unknown) => call(hub, "POST", `${V1}${path}`, { cookie, body: body ?? {} });

  it("PTZ: ContinuousMove at the body's velocity, Stop ~250 ms after it; a new move replaces a running one (one Stop)", async () => {
    camera.moves.length = 0;
    const moved = await jsonOf(await post(ptzPath("brama"), { pan: 0.5, tilt: -0.25 }), PtzAnswerSchema);
    expect(moved.item).toEqual({ id: "brama", pan: 0.5, tilt: -0.25, zoom: 0, duration: 250 });
    await expect
      .poll(() => camera.moves.map((move) => move.action), { timeout: 3000 })
      .toEqual(["ContinuousMove", "Stop"]);
    const [start, stop] = camera.moves;
    expect(start).toMatchObject({ pan: 0.5, tilt: -0.25, zoom: 0, timeout: "PT0.25S" });
    const gap = stop!.at - start!.at;
    expect(gap).toBeGreaterThanOrEqual(240);
    expect(gap).toBeLessThan(600);

    camera.moves.length = 0;
    expect((await post(ptzPath("brama"), { zoom: 1, duration: 1000 })).status).toBe(200);
    expect((await post(ptzPath("brama"), { pan: -1, duration: 300 })).status).toBe(200);
    await wait(1300);
    expect(camera.moves.map((move) => [move.action, move.pan ?? null, move.zoom ?? null])).toEqual([
      ["ContinuousMove", 0, 1],
      ["ContinuousMove", -1, 0],
      ["Stop", null, null],
    ]);
    expect(camera.moves[2]!.at - camera.moves[1]!.at).toBeLessThan(700);
  });

  it("presets: the camera's list, a preset chosen (GotoPreset), an unknown or hostile token 404; a SOAP fault's reason in the message", async () => {
    const presets = await jsonOf(
      await call(hub, "GET", `${V1}${ptzPresetsPath("brama")}`, { cookie }),
      PtzPresetsAnswerSchema,
    );
    expect(presets.items).toEqual([{ token: "P001", name: "P001" }]);
    camera.moves.length = 0;
    const went = await jsonOf(await post(ptzPresetPath("brama", "P001")), PtzPresetAnswerSchema);
    expect(went.item).toEqual({ id: "brama", token: "P001", name: "P001" });
    expect(camera.moves).toMatchObject([{ action: "GotoPreset", preset: "P001" }]);
    expect((await refusal(await post(ptzPresetPath("brama", "P999")), 404)).message).toBe("no such preset");
    expect((await post(ptzPresetPath("brama", "<x/>"))).status).toBe(404);
    expect((await refusal(await post(ptzPresetPath("brama", "P001"), { speed: 1 }), 400)).message).toMatch(
      /unknown field/,
    );

    camera.answer("GotoPreset", soapFault("ter:InvalidArgVal", "PTZ is busy with a tour"));
    try {
      const fault = await refusal(await post(ptzPresetPath("brama", "P001")), 409);
      expect(fault).toMatchObject({ code: "NOT_SUPPORTED" });
      expect(fault.message).toContain("PTZ is busy with a tour");
    } finally {
      camera.answer("GotoPreset", null);
    }
    // A camera without a PTZ service has no presets: an empty list, the dashboard shows no menu.
    const demo = await jsonOf(
      await call(hub, "GET", `${V1}${ptzPresetsPath("stala")}`, { cookie }),
      PtzPresetsAnswerSchema,
    );
    expect(demo.items).toEqual([]);
  });

  it("night mode: IR cut filter OFF and the IR lamp on, the item's nightmode read back from GetImagingSettings; day turns both back", async () => {
    const browser = await connectBrowser(hub, cookie);
    try {
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      const nightOf = (payload: string) =>
        (JSON.parse(payload) as CameraConfigPayload).cameras.find((entry) => entry.id === "brama")?.nightmode;
      const published = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => nightOf(payload) === true);
      const night = await jsonOf(await post(nightmodePath("brama"), { mode: true }), NightmodeAnswerSchema);
      expect(night.item).toMatchObject({ id: "brama", nightmode: true });
      expect(camera.irCutFilter).toBe("OFF");
      expect(camera.irLamp).toBe(true);
      await published;
    } finally {
      browser.end(true);
    }
    // The camera reports AUTO whatever it was told: the item says what the camera reports (not night).
    camera.answer(
      "GetImagingSettings",
      (await import("node:fs"))
        .readFileSync(new URL("../../../tests/fixtures/onvif/imaging.GetImagingSettings.xml", import.meta.url), "utf8")
        .replace("</tt:Focus>", "</tt:Focus><tt:IrCutFilter>AUTO</tt:IrCutFilter>"),
    );
    try {
      const auto = await jsonOf(await post(nightmodePath("brama"), { mode: true }), NightmodeAnswerSchema);
      expect(auto.item.nightmode).toBe(false);
    } finally {
      camera.answer("GetImagingSettings", null);
    }
    const day = await jsonOf(await post(nightmodePath("brama"), { mode: false }), NightmodeAnswerSchema);
    expect(day.item.nightmode).toBe(false);
    expect([camera.irCutFilter, camera.irLamp]).toEqual(["ON", false]);
  });

  it("motion events (PullPoint): CellMotionDetector and MotionAlarm set the camera's motion flag on camera/config", async () => {
    await expect.poll(() => camera.subscribed, { timeout: 5000 }).toBe(true);
    const browser = await connectBrowser(hub, cookie);
    const motionOf = (payload: string) =>
      (JSON.parse(payload) as CameraConfigPayload).cameras.find((entry) => entry.id === "brama")?.motion;
    try {
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      const on = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === true);
      camera.motion(true);
      await on;
      const off = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === false);
      camera.motion(false, "alarm");
      await off;
    } finally {
      browser.end(true);
    }
  });

  it("the camera down: its motion ends, PTZ 409 DEVICE_UNREACHABLE saying so; back up, the hub moves it and subscribes again by itself", async () => {
    const browser = await connectBrowser(hub, cookie);
    const motionOf = (payload: string) =>
      (JSON.parse(payload) as CameraConfigPayload).cameras.find((entry) => entry.id === "brama")?.motion;
    try {
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      const on = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === true);
      camera.motion(true);
      await on;
      const ended = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === false);
      await camera.down();
      await ended;
      const down = await refusal(await post(ptzPath("brama"), { pan: 1 }), 409);
      expect(down).toMatchObject({ code: "DEVICE_UNREACHABLE" });
      expect(down.message).toMatch(/^camera "brama" does not answer \(ECONNREFUSED\)/);
      await camera.up();
      expect((await post(ptzPath("brama"), { pan: 1 })).status).toBe(200);
      await expect.poll(() => camera.subscribed, { timeout: 8000 }).toBe(true);
      const again = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === true);
      camera.motion(true);
      await again;
      const off = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, (payload) => motionOf(payload) === false);
      camera.motion(false);
      await off;
    } finally {
      browser.end(true);
    }
  });

  it("a wrong password is refused by the camera and the hub says so (never the password); a camera off the network; one without PTZ service", async () => {
    const before = camera.calls.filter((entry) => !entry.authorized && entry.action !== "GetSystemDateAndTime").length;
    const wrong = await refusal(await post(ptzPath("zle-haslo"), { pan: 1 }), 409);
    expect(wrong.code).toBe("DEVICE_UNREACHABLE");
    expect(wrong.message).toMatch(/refused the hub's ONVIF login .*check the camera's onvif username and password/);
    expect(JSON.stringify(wrong)).not.toContain("nie-to-haslo");
    expect(
      camera.calls.filter((entry) => !entry.authorized && entry.action !== "GetSystemDateAndTime").length,
    ).toBeGreaterThan(before);
    const off = await refusal(await post(nightmodePath("wylaczona"), { mode: true }), 409);
    expect(off.message).toMatch(/^camera "wylaczona" does not answer/);
    const noPtz = await refusal(await post(ptzPath("stala"), { pan: 1 }), 409);
    expect(noPtz).toEqual({ code: "NOT_SUPPORTED", message: 'camera "stala" has no ONVIF PTZ service' });
  });

  it("hostile answers (2 MB, malformed XML, an external entity, entity expansion, a body the library cannot read) are refused with 409; the hub keeps working", async () => {
    const envelope = (body: string, prolog = "") =>
      `<?xml version="1.0"?>${prolog}<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body>${body}</s:Body></s:Envelope>`;
    const hostile = {
      huge: envelope(
        `<GetPresetsResponse>${'<Preset token="P"><Name>x</Name></Preset>'.repeat(60_000)}</GetPresetsResponse>`,
      ),
      malformed: envelope("<GetPresetsResponse><Preset token='P001'><Name>P001</Preset>"),
      xxe: envelope(
        '<GetPresetsResponse><Preset token="P001"><Name>&xxe;</Name></Preset></GetPresetsResponse>',
        '<!DOCTYPE s:Envelope [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      ),
      laughs: envelope(
        '<GetPresetsResponse><Preset token="P001"><Name>&l3;</Name></Preset></GetPresetsResponse>',
        '<!DOCTYPE s:Envelope [<!ENTITY l0 "ha"><!ENTITY l1 "&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;"><!ENTITY l2 "&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;"><!ENTITY l3 "&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;">]>',
      ),
      unreadable: envelope("<SomethingElse/>"),
    };
    expect(hostile.huge.length).toBeGreaterThan(2_000_000);
    for (const [name, xml] of Object.entries(hostile)) {
      camera.answer("GetPresets", xml);
      const refused = await refusal(await call(hub, "GET", `${V1}${ptzPresetsPath("brama")}`, { cookie }), 409);
      expect(refused.code, name).toBe("DEVICE_UNREACHABLE");
      expect(refused.message, name).not.toMatch(/root:|haha/);
    }
    camera.answer("GetPresets", null);
    const presets = await jsonOf(
      await call(hub, "GET", `${V1}${ptzPresetsPath("brama")}`, { cookie }),
      PtzPresetsAnswerSchema,
    );
    expect(presets.items).toEqual([{ token: "P001", name: "P001" }]);
    expect((await post(ptzPath("brama"), { tilt: 1 })).status).toBe(200);
  });
});

describe("ONVIF settings and the service's log", () => {
  it("the household's onvif field: an http(s) url, a safe profile token, nothing else", () => {
    const camera = (onvif: unknown) => v.safeParse(HouseholdCameraSchema, { id: "c", label: "C", onvif });
    expect(
      camera({ url: "http://192.168.1.20", username: "admin", password: "x", profileToken: "Profile_1" }).success,
    ).toBe(true);
    for (const bad of [
      { url: "rtsp://192.168.1.20" },
      { url: "http://192.168.1.20", profileToken: "<x/>" },
      { url: "http://192.168.1.20", extra: 1 },
      { url: "http://192.168.1.20", username: "" },
    ])
      expect(camera(bad).success, JSON.stringify(bad)).toBe(false);
    expect(deviceService("http://192.168.1.20")).toEqual({
      hostname: "192.168.1.20",
      port: 80,
      path: "/onvif/device_service",
      secure: false,
    });
    expect(deviceService("https://cam.local:8443/onvif/device_service")).toMatchObject({ port: 8443, secure: true });
  });

  it("a refused login in the events subscription is logged once per run of failures, without the password", async () => {
    const sim = await startOnvifCamera({ pullHoldMs: 200 });
    const warnings: string[] = [];
    const service = new OnvifService(
      [
        v.parse(HouseholdCameraSchema, {
          id: "c",
          label: "C",
          onvif: { url: sim.url, username: "admin", password: "zle-haslo-123" },
        }),
      ],
      { warn: (message) => warnings.push(message) },
      { timeoutMs: 2000, events: { retryMinMs: 100, retryMaxMs: 200 } },
    ).start();
    try {
      await expect
        .poll(() => sim.calls.filter((entry) => !entry.authorized && entry.action === "GetServices").length)
        .toBeGreaterThanOrEqual(3);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^onvif: events of camera "c": camera "c" refused the hub's ONVIF login/);
      expect(warnings.join("")).not.toContain("zle-haslo-123");
    } finally {
      service.close();
      await sim.close();
    }
  });
});
