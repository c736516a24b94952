import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

/** Options of {@link startOnvifCamera}. */
export interface OnvifCameraOptions {
  /** The camera's ONVIF user (default `admin`). */
  username?: string;
  /** Its password (default `kamera-onvif`): a request whose WS-Security digest does not match is refused (`ter:NotAuthorized`). */
  password?: string;
  /** Whether the camera has a PTZ service (default true; false leaves it out of GetServices and GetCapabilities). */
  ptz?: boolean;
  /** Whether its PTZ node offers the IR lamp's auxiliary commands `tt:IRLamp|On` / `|Off` (default true). */
  irLamp?: boolean;
  /** All of the fixture's presets (46) or only the first, `P001` (default). */
  presets?: "all" | "one";
  /** How long a PullMessages waits for an event before answering without one, ms (default 1000; real cameras wait up to the request's PT1M). */
  pullHoldMs?: number;
}

/** A SOAP call the simulated camera got: its action (first element of the Body), when (epoch ms), whether its login passed. */
export interface OnvifCall {
  action: string;
  at: number;
  authorized: boolean;
}

/** What the camera did (after a passing login): a PTZ move, stop, preset, the IR cut filter or IR lamp set, with when (epoch ms). */
export interface OnvifMove {
  action: "ContinuousMove" | "Stop" | "GotoPreset" | "SetImagingSettings" | "SendAuxiliaryCommand";
  at: number;
  /** ContinuousMove: the velocity; its ONVIF Timeout as sent (e.g. `PT0.25S`). */
  pan?: number;
  tilt?: number;
  zoom?: number;
  timeout?: string;
  /** GotoPreset: the preset token. */
  preset?: string;
  /** SetImagingSettings: the IR cut filter mode set. */
  irCutFilter?: string;
  /** SendAuxiliaryCommand: its data (e.g. `tt:IRLamp|On`). */
  auxiliary?: string;
}

/** A running simulated ONVIF camera (see {@link startOnvifCamera}). */
export interface OnvifCameraSimulator {
  /** Its device service base, `http://127.0.0.1:<port>` (the household's `onvif.url`). */
  readonly url: string;
  /** Every call, in order. */
  readonly calls: OnvifCall[];
  /** What it did, in order. */
  readonly moves: OnvifMove[];
  /** The imaging service's IR cut filter now (`ON` at start: day). */
  irCutFilter: "ON" | "OFF" | "AUTO";
  /** Whether its IR lamp is on. */
  irLamp: boolean;
  /** Raises a motion event (`cell`: `tns1:RuleEngine/CellMotionDetector/Motion` IsMotion; `alarm`: `tns1:VideoSource/MotionAlarm` State). */
  motion(active: boolean, topic?: "cell" | "alarm"): void;
  /** Answers the next calls of `action` (every one until cleared with null) with `xml` as is, status 200 (hostile answers). */
  answer(action: string, xml: string | null): void;
  /** Whether a PullPoint subscription is open. */
  readonly subscribed: boolean;
  /** The camera goes off the network (connections dropped, the port refuses); `up` brings it back on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const PULL_POINT_PATH = "/onvif/subscription?Idx=6";

/** A fixture answer of tests/fixtures/onvif/ (real cameras' answers from agsh/onvif's test server, see its README). */
function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../tests/fixtures/onvif/${name}.xml`, import.meta.url)), "utf8");
}

/** The fixtures' doT placeholders filled: the address, the pull point path and times (`{{=new Date(Date.now()+N).toISOString()}}`). */
function fill(xml: string, port: number): string {
  return xml
    .replace(/\{\{=it\.hostname\}\}/g, "127.0.0.1")
    .replace(/\{\{=it\.port\}\}/g, String(port))
    .replace(/\{\{=it\.pullPointUrl\}\}/g, PULL_POINT_PATH.replace("&", "&amp;"))
    .replace(/\{\{=new Date\(Date\.now\(\)\+(\d+)\)\.toISOString\(\)\}\}/g, (_, ms: string) =>
      new Date(Date.now() + Number(ms)).toISOString(),
    )
    .replace(/\{\{=new Date\(\)\.toISOString\(\)\}\}/g, () => new Date().toISOString());
}

/** A SOAP 1.2 fault as ONVIF cameras send it (Core spec 5.11: env:Sender with an ter: subcode, a reason), as the fixture `Error.xml` is shaped. */
export function soapFault(subcode: string, reason: string, code = "SOAP-ENV:Sender"): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" xmlns:ter="http://www.onvif.org/ver10/error">' +
    "<SOAP-ENV:Body><SOAP-ENV:Fault><SOAP-ENV:Code>" +
    `<SOAP-ENV:Value>${code}</SOAP-ENV:Value><SOAP-ENV:Subcode><SOAP-ENV:Value>${subcode}</SOAP-ENV:Value></SOAP-ENV:Subcode>` +
    `</SOAP-ENV:Code><SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">${reason}</SOAP-ENV:Text></SOAP-ENV:Reason>` +
    "</SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>"
  );
}

/** The first match's group of `pattern` in `body`, or undefined. */
const find = (body: string, pattern: RegExp) => pattern.exec(body)?.[1];

/** Whether the request's WS-Security UsernameToken digest is `Base64(SHA1(nonce + created + password))` of the camera's user. */
function authorized(body: string, username: string, password: string): boolean {
  const user = find(body, /<(?:\w+:)?Username>([^<]*)</);
  const digest = find(body, /<(?:\w+:)?Password[^>]*>([^<]*)</);
  const nonce = find(body, /<(?:\w+:)?Nonce[^>]*>([^<]*)</);
  const created = find(body, /<(?:\w+:)?Created[^>]*>([^<]*)</);
  if (user === undefined || digest === undefined || nonce === undefined || created === undefined) return false;
  const expected = createHash("sha1")
    .update(
      Buffer.concat([Buffer.from(nonce, "base64"), Buffer.from(created, "ascii"), Buffer.from(password, "ascii")]),
    )
    .digest("base64");
  return user === username && expected === digest;
}

/** A PullMessages NotificationMessage of the fixture's shape for topic `topic` with data item `item` = `value`. */
function notification(template: string, topic: string, item: string, value: boolean): string {
  return template
    .replace(/tns1:RuleEngine\/CellMotionDetector\/Motion/, topic)
    .replace(/<tt:SimpleItem Name="IsMotion" Value="true"\/>/, `<tt:SimpleItem Name="${item}" Value="${value}"/>`)
    .replace(/\{\{=new Date\(\)\.toISOString\(\)\}\}/g, new Date().toISOString());
}

/**
 * A simulated ONVIF camera on loopback, answering the SOAP agsh/onvif sends (GetSystemDateAndTime,
 * GetServices, GetCapabilities, GetProfiles, GetVideoSources, GetNodes, ContinuousMove, Stop,
 * GetPresets, GotoPreset, SendAuxiliaryCommand, GetImagingSettings, SetImagingSettings, GetOptions,
 * CreatePullPointSubscription, PullMessages, Unsubscribe) with real cameras' answers
 * (tests/fixtures/onvif/, from agsh/onvif's test/serverMockup) where the state does not matter, and
 * the fixtures' shapes filled with its state where it does (presets, IR cut filter, events). Every
 * call but GetSystemDateAndTime needs the user's WS-Security digest; any other action is a fault
 * (`ter:ActionNotSupported`). Records calls and moves with their times, for tests and the e2e spec.
 */
export async function startOnvifCamera(options: OnvifCameraOptions = {}): Promise<OnvifCameraSimulator> {
  const username = options.username ?? "admin";
  const password = options.password ?? "kamera-onvif";
  const ptz = options.ptz ?? true;
  const pullHoldMs = options.pullHoldMs ?? 1000;
  const overrides = new Map<string, string>();
  const queue: string[] = [];
  const waiting = new Set<(events: string[]) => void>();
  const pullTemplate = fixture("PullMessages");
  const notificationTemplate = /\{\{\?[^}]*\}\}([\s\S]*?)\{\{\?\}\}/.exec(pullTemplate)?.[1] ?? "";
  let subscribed = false;
  let port = 0;
  let server: Server;

  const state = {
    url: "",
    calls: [] as OnvifCall[],
    moves: [] as OnvifMove[],
    irCutFilter: "ON" as "ON" | "OFF" | "AUTO",
    irLamp: false,
  };

  const send = (response: ServerResponse, xml: string, status = 200) => {
    response.writeHead(status, { "content-type": "application/soap+xml; charset=utf-8" });
    response.end(xml);
  };

  const answers: Record<string, (body: string) => string> = {
    GetSystemDateAndTime: () => {
      const now = new Date();
      const parts: Record<string, number> = {
        Hour: now.getUTCHours(),
        Minute: now.getUTCMinutes(),
        Second: now.getUTCSeconds(),
        Year: now.getUTCFullYear(),
        Month: now.getUTCMonth() + 1,
        Day: now.getUTCDate(),
      };
      return fixture("GetSystemDateAndTime").replace(
        /<tt:(Hour|Minute|Second|Year|Month|Day)>\d+</g,
        (_, name: string) => `<tt:${name}>${parts[name]}<`,
      );
    },
    GetServices: () => {
      const xml = fixture("GetServices");
      return ptz
        ? xml
        : xml.replace(/<tds:Service>(?:(?!<\/tds:Service>)[\s\S])*ver20\/ptz\/wsdl[\s\S]*?<\/tds:Service>/, "");
    },
    GetCapabilities: () => {
      const xml = fixture("GetCapabilities");
      return ptz ? xml : xml.replace(/<tt:PTZ>[\s\S]*?<\/tt:PTZ>/, "");
    },
    GetProfiles: () => fixture("GetProfiles"),
    GetVideoSources: () => fixture("media.GetVideoSources"),
    GetNodes: () => {
      const xml = fixture("GetNodes");
      if (options.irLamp === false) return xml;
      return xml.replace(
        /(\s*)<tt:AuxiliaryCommands>AUX1/,
        "$1<tt:AuxiliaryCommands>tt:IRLamp|On</tt:AuxiliaryCommands>$1<tt:AuxiliaryCommands>tt:IRLamp|Off</tt:AuxiliaryCommands>$1<tt:AuxiliaryCommands>AUX1",
      );
    },
    ContinuousMove: (body) => {
      state.moves.push({
        action: "ContinuousMove",
        at: Date.now(),
        pan: Number(find(body, /<PanTilt x="([^"]*)"/) ?? 0),
        tilt: Number(find(body, /<PanTilt x="[^"]*" y="([^"]*)"/) ?? 0),
        zoom: Number(find(body, /<Zoom x="([^"]*)"/) ?? 0),
        ...(find(body, /<Timeout>([^<]*)</) !== undefined ? { timeout: find(body, /<Timeout>([^<]*)</) } : {}),
      });
      return fixture("ptz.ContinuousMove");
    },
    Stop: () => {
      state.moves.push({ action: "Stop", at: Date.now() });
      return fixture("ptz.Stop");
    },
    GetPresets: () => {
      const xml = fixture("ptz.GetPresets");
      const all = options.presets === "all";
      return fill(
        xml.replace(/\{\{\?[^}]*\}\}([\s\S]*?)\{\{\?\}\}/g, (_, block: string) => (all ? block : "")),
        port,
      );
    },
    GotoPreset: (body) => {
      const preset = find(body, /<PresetToken>([^<]*)</) ?? "";
      state.moves.push({ action: "GotoPreset", at: Date.now(), preset });
      return fixture("ptz.GotoPreset");
    },
    SendAuxiliaryCommand: (body) => {
      const auxiliary = find(body, /<AuxiliaryData>([^<]*)</) ?? "";
      state.moves.push({ action: "SendAuxiliaryCommand", at: Date.now(), auxiliary });
      if (auxiliary === "tt:IRLamp|On") state.irLamp = true;
      if (auxiliary === "tt:IRLamp|Off") state.irLamp = false;
      return fixture("device.SendAuxiliaryCommand").replace(
        /<tds:AuxiliaryCommandResponse><\/tds:AuxiliaryCommandResponse>/,
        `<tptz:SendAuxiliaryCommandResponse><tptz:AuxiliaryResponse>${auxiliary}</tptz:AuxiliaryResponse></tptz:SendAuxiliaryCommandResponse>`,
      );
    },
    GetImagingSettings: () =>
      fixture("imaging.GetImagingSettings").replace(
        /(\s*)<\/tt:Focus>/,
        `$1</tt:Focus>$1<tt:IrCutFilter>${state.irCutFilter}</tt:IrCutFilter>`,
      ),
    SetImagingSettings: (body) => {
      const mode = find(body, /<IrCutFilter[^>]*>([^<]*)</);
      if (mode === "ON" || mode === "OFF" || mode === "AUTO") {
        state.irCutFilter = mode;
        state.moves.push({ action: "SetImagingSettings", at: Date.now(), irCutFilter: mode });
      }
      return fixture("imaging.SetImagingSettings");
    },
    GetOptions: () =>
      fixture("imaging.GetOptions").replace(
        /(\s*)<\/timg:ImagingOptions>/,
        "$1   <tt:IrCutFilterModes>ON</tt:IrCutFilterModes><tt:IrCutFilterModes>OFF</tt:IrCutFilterModes><tt:IrCutFilterModes>AUTO</tt:IrCutFilterModes>$1</timg:ImagingOptions>",
      ),
    CreatePullPointSubscription: () => {
      subscribed = true;
      return fill(fixture("events.CreatePullPointSubscription"), port);
    },
    Unsubscribe: () => {
      subscribed = false;
      return fixture("Unsubscribe");
    },
  };

  const pullAnswer = (events: string[]) =>
    fill(
      pullTemplate
        .replace(/\s*\{\{\?[^}]*\}\}[\s\S]*?\{\{\?\}\}/g, "")
        .replace(/(\s*)<\/tev:PullMessagesResponse>/, `${events.join("")}$1</tev:PullMessagesResponse>`),
      port,
    );

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const action = find(body, /<(?:[\w-]+:)?Body[^>]*>\s*<(?:[\w-]+:)?(\w+)/) ?? "";
      const passed = authorized(body, username, password);
      state.calls.push({ action, at: Date.now(), authorized: passed });
      if (action !== "GetSystemDateAndTime" && !passed) {
        send(response, soapFault("ter:NotAuthorized", "Sender not Authorized"), 400);
        return;
      }
      const override = overrides.get(action);
      if (override !== undefined) {
        send(response, override);
        return;
      }
      if (action === "PullMessages") {
        if (!subscribed) {
          send(response, soapFault("ter:InvalidArgVal", "no such subscription"), 400);
          return;
        }
        if (queue.length > 0) {
          send(response, pullAnswer(queue.splice(0)));
          return;
        }
        const answerWith = (events: string[]) => {
          waiting.delete(answerWith);
          clearTimeout(timer);
          if (!response.writableEnded && !response.destroyed) send(response, pullAnswer(events));
        };
        const timer = setTimeout(() => answerWith([]), pullHoldMs);
        waiting.add(answerWith);
        response.on("close", () => {
          waiting.delete(answerWith);
          clearTimeout(timer);
        });
        return;
      }
      const answer = Object.hasOwn(answers, action) ? answers[action] : undefined;
      if (!answer) {
        send(response, soapFault("ter:ActionNotSupported", `${action || "this action"} is not supported`), 400);
        return;
      }
      send(response, answer(body));
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(handle);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const answerWith of [...waiting]) waiting.delete(answerWith);
      server.closeAllConnections();
      server.close(() => resolve());
    });

  await listen();
  state.url = `http://127.0.0.1:${port}`;

  const simulator = Object.assign(state, {
    motion(active: boolean, topic: "cell" | "alarm" = "cell") {
      const event =
        topic === "cell"
          ? notification(notificationTemplate, "tns1:RuleEngine/CellMotionDetector/Motion", "IsMotion", active)
          : notification(notificationTemplate, "tns1:VideoSource/MotionAlarm", "State", active);
      const first = [...waiting][0];
      if (first) first([event]);
      else queue.push(event);
    },
    answer(action: string, xml: string | null) {
      if (xml === null) overrides.delete(action);
      else overrides.set(action, xml);
    },
    subscribed: false,
    async down() {
      subscribed = false;
      await stop();
    },
    up: listen,
    close: stop,
  });
  Object.defineProperty(simulator, "subscribed", { get: () => subscribed });
  return simulator;
}
