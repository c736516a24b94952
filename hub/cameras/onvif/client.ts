import { Cam } from "onvif";
import { HubError } from "../../core/errors";
import type { OnvifSettings } from "../household";
import { BoundedHttpAgent, BoundedHttpsAgent, ONVIF_MAX_ANSWER_BYTES } from "./guard";

/** Timing of the hub's ONVIF calls: `timeoutMs` is the longest a call waits for the camera's answer. */
export const ONVIF_TIMING = { timeoutMs: 5_000 } as const;

/** A PTZ velocity as ONVIF ContinuousMove takes it: pan (+ right), tilt (+ up), zoom (+ in), each -1..1. */
export interface OnvifVelocity {
  pan: number;
  tilt: number;
  zoom: number;
}

/** A PTZ preset of the camera: its `token` (what GotoPreset takes) and its `name` (what the camera shows). */
export interface OnvifPreset {
  token: string;
  name: string;
}

/** An IR cut filter mode of the ONVIF imaging service: `ON` = filter in (day colour), `OFF` = out (night, IR), `AUTO`. */
export type IrCutFilterMode = "ON" | "OFF" | "AUTO";

/** One event of a PullMessages answer: its topic without namespace prefixes (`RuleEngine/CellMotionDetector/Motion`) and its data items. */
export interface OnvifEvent {
  topic: string;
  data: Record<string, string>;
}

/** A token safe to put into a SOAP body (the library writes tokens unescaped). */
export const ONVIF_TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;

type Callback = (error: Error | null, data?: unknown, xml?: string) => void;
/** The library's private request function, wrapped by the guard below. */
type RequestFn = (options: unknown, callback: Callback) => void;

/** Network error codes that mean "the camera does not answer". */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * What a failed ONVIF call means for a caller (hub/README.md "ONVIF cameras"): the camera does not
 * answer, or its answer was too large or not ONVIF SOAP -> 409 DEVICE_UNREACHABLE; it refused the
 * hub's login -> 409 DEVICE_UNREACHABLE naming the username and password; another SOAP fault -> 409
 * NOT_SUPPORTED with the fault's reason. Never carries the camera's credentials.
 */
export function onvifError(label: string, action: string, error: unknown): HubError {
  if (error instanceof HubError) return error;
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  if (code === "ONVIF_ANSWER_TOO_LARGE")
    return new HubError("DEVICE_UNREACHABLE", `${label}: ${action} refused: ${err.message}`);
  if ((typeof code === "string" && UNREACHABLE.has(code)) || /Network timeout|socket hang up/.test(err.message))
    return new HubError(
      "DEVICE_UNREACHABLE",
      `${label} does not answer (${typeof code === "string" ? code : "timeout"}): is it on and at this address?`,
    );
  const fault = /^ONVIF SOAP Fault: ([\s\S]*)$/.exec(err.message);
  if (fault || /Digest authentication failed/.test(err.message)) {
    const reason = (fault?.[1] ?? "Digest authentication failed").replace(/\s+/g, " ").trim().slice(0, 300);
    if (/not ?authori[sz]ed|authentication failed|unauthori[sz]ed/i.test(reason))
      return new HubError(
        "DEVICE_UNREACHABLE",
        `${label} refused the hub's ONVIF login (${reason}): check the camera's onvif username and password`,
      );
    return new HubError("NOT_SUPPORTED", `${label} refused ${action}: ${reason}`);
  }
  return new HubError(
    "DEVICE_UNREACHABLE",
    `${label}: ${action}: the camera's answer is not ONVIF SOAP the hub understands`,
  );
}

/** Host, port, path and scheme of a camera's ONVIF device service from the household's `onvif.url`. */
export function deviceService(url: string): { hostname: string; port: number; path: string; secure: boolean } {
  const parsed = new URL(url);
  const secure = parsed.protocol === "https:";
  return {
    hostname: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 443 : 80,
    path: parsed.pathname === "/" || parsed.pathname === "" ? "/onvif/device_service" : parsed.pathname,
    secure,
  };
}

/** A text value of a linerased node (`"x"`, `{_: "x"}`), trimmed; "" otherwise. */
function text(node: unknown): string {
  if (typeof node === "string" || typeof node === "number" || typeof node === "boolean") return String(node).trim();
  if (node && typeof node === "object" && "_" in node) return text((node as { _: unknown })._);
  return "";
}

/** `node` as a list (the library gives one child as an object, several as an array). */
function list(node: unknown): unknown[] {
  if (node === undefined || node === null || node === "") return [];
  return Array.isArray(node) ? node : [node];
}

/** The attribute `name` of a linerased node, as text. */
function attribute(node: unknown, name: string): string {
  const attributes = node && typeof node === "object" ? (node as { $?: Record<string, unknown> }).$ : undefined;
  return attributes ? text(attributes[name]) : "";
}

/** A child of a linerased node, or undefined. */
function child(node: unknown, name: string): unknown {
  return node && typeof node === "object" ? (node as Record<string, unknown>)[name] : undefined;
}

/**
 * One camera's ONVIF client on agsh/onvif's `Cam` (0.8.3): connects on first use (GetSystemDateAndTime,
 * GetServices or GetCapabilities, GetProfiles, GetVideoSources) with the household's credentials
 * (WS-Security UsernameToken digest, HTTP digest when the camera asks), and reconnects after a failure.
 * Every call is bounded: an answer over {@link ONVIF_MAX_ANSWER_BYTES} is cut off, a call waits at most
 * `timing.timeoutMs`, and an answer the library cannot read (malformed XML, an entity, a missing
 * element) fails the call instead of throwing out of the library's socket handlers. Failures are
 * HubErrors from {@link onvifError}.
 */
export class OnvifClient {
  private cam: Cam | null = null;
  private connecting: Promise<Cam> | null = null;
  private readonly agent: BoundedHttpAgent | BoundedHttpsAgent;
  private readonly pending = new Set<(error: Error) => void>();
  private readonly service: ReturnType<typeof deviceService>;
  private closed = false;

  /** `label` names the camera in error messages (e.g. `camera "brama"`). */
  constructor(
    private readonly label: string,
    private readonly settings: OnvifSettings,
    private readonly timing: { timeoutMs: number } = ONVIF_TIMING,
    maxAnswerBytes: number = ONVIF_MAX_ANSWER_BYTES,
  ) {
    this.service = deviceService(settings.url);
    this.agent = this.service.secure ? new BoundedHttpsAgent(maxAnswerBytes) : new BoundedHttpAgent(maxAnswerBytes);
  }

  /** Whether the camera has a PTZ service (GetServices / GetCapabilities named one). */
  async hasPtz(): Promise<boolean> {
    const cam = await this.connected();
    return Boolean(cam.uri?.ptz);
  }

  /** ContinuousMove at `velocity`; the camera stops by itself after `timeoutMs` (ONVIF `Timeout`) if no Stop comes. */
  async continuousMove(velocity: OnvifVelocity, timeoutMs: number): Promise<void> {
    await this.call("ContinuousMove", (cam, done) =>
      cam.continuousMove(
        { x: velocity.pan, y: velocity.tilt, zoom: velocity.zoom, timeout: timeoutMs, ...this.profile() },
        done,
      ),
    );
  }

  /** Stop of pan, tilt and zoom. */
  async stop(): Promise<void> {
    await this.call("Stop", (cam, done) => cam.stop({ panTilt: true, zoom: true, ...this.profile() }, done));
  }

  /** GetPresets: the presets with a token safe to send back (others are left out), camera order. */
  async presets(): Promise<OnvifPreset[]> {
    const cam = await this.connected();
    if (!cam.uri?.ptz) return [];
    await this.call("GetPresets", (c, done) => c.getPresets({ ...this.profile() }, done));
    const presets = (cam as unknown as { presets?: Record<string, unknown> }).presets ?? {};
    return Object.entries(presets)
      .filter(([token]) => ONVIF_TOKEN.test(token))
      .map(([token, preset]) => ({ token, name: text(child(preset, "name")).slice(0, 100) || token }));
  }

  /** GotoPreset `token` (checked safe by the caller). */
  async gotoPreset(token: string): Promise<void> {
    if (!ONVIF_TOKEN.test(token)) throw new HubError("BAD_REQUEST", "preset: not a preset token");
    await this.call("GotoPreset", (cam, done) => cam.gotoPreset({ preset: token, ...this.profile() }, done));
  }

  /** The IR cut filter modes the imaging service offers (GetOptions `IrCutFilterModes`); empty without an imaging service. */
  async irCutFilterModes(): Promise<IrCutFilterMode[]> {
    const cam = await this.connected();
    if (!cam.uri?.imaging) return [];
    const options = await this.call("GetOptions", (c, done) => c.getVideoSourceOptions({}, done));
    return list(child(options, "irCutFilterModes"))
      .map((mode) => text(mode).toUpperCase())
      .filter((mode): mode is IrCutFilterMode => mode === "ON" || mode === "OFF" || mode === "AUTO");
  }

  /** SetImagingSettings with only `IrCutFilter` = `mode`. */
  async setIrCutFilter(mode: IrCutFilterMode): Promise<void> {
    await this.call("SetImagingSettings", (cam, done) => cam.setImagingSettings({ irCutFilter: mode }, done));
  }

  /** The IR cut filter mode the camera reports now (GetImagingSettings), or null when it reports none. */
  async irCutFilter(): Promise<IrCutFilterMode | null> {
    const settings = await this.call("GetImagingSettings", (cam, done) => cam.getImagingSettings({}, done));
    const mode = text(child(settings, "irCutFilter")).toUpperCase();
    return mode === "ON" || mode === "OFF" || mode === "AUTO" ? mode : null;
  }

  /** The PTZ nodes' auxiliary commands (GetNodes `AuxiliaryCommands`, e.g. `tt:IRLamp|On`); empty without PTZ. */
  async auxiliaryCommands(): Promise<string[]> {
    const cam = await this.connected();
    if (!cam.uri?.ptz) return [];
    const nodes = await this.call("GetNodes", (c, done) => c.getNodes(done));
    return Object.values((nodes ?? {}) as Record<string, unknown>).flatMap((node) =>
      list(child(node, "auxiliaryCommands")).map(text),
    );
  }

  /** SendAuxiliaryCommand `data` (one of {@link auxiliaryCommands}) through the PTZ service. */
  async auxiliaryCommand(data: string): Promise<void> {
    await this.call("SendAuxiliaryCommand", (cam, done) =>
      cam.ptzSendAuxiliaryCommand({ data: data.replace(/[<>&"']/g, ""), ...this.profile() }, done),
    );
  }

  /** Whether the camera has an event service. */
  async hasEvents(): Promise<boolean> {
    const cam = await this.connected();
    return Boolean(cam.uri?.events);
  }

  /** CreatePullPointSubscription (the subscription the next {@link pull} reads). */
  async subscribe(): Promise<void> {
    await this.call("CreatePullPointSubscription", (cam, done) => cam.createPullPointSubscription(done), 0);
  }

  /** PullMessages: the events the camera had or got while it held the call (up to its Timeout, PT1M). */
  async pull(): Promise<OnvifEvent[]> {
    const answer = await this.call("PullMessages", (cam, done) => cam.pullMessages({ messageLimit: 10 }, done), 90_000);
    return list(child(answer, "notificationMessage")).map((message) => {
      const topic = text(child(message, "topic"))
        .split("/")
        .map((part) => part.replace(/^[^:]*:/, ""))
        .join("/");
      const body = child(child(message, "message"), "message");
      const data: Record<string, string> = {};
      for (const item of list(child(child(body, "data"), "simpleItem"))) {
        const name = attribute(item, "Name");
        if (name && name !== "__proto__") data[name] = attribute(item, "Value");
      }
      return { topic, data };
    });
  }

  /** Unsubscribe from the pull point (best effort: its failure is ignored). */
  async unsubscribe(): Promise<void> {
    await this.call("Unsubscribe", (cam, done) => cam.unsubscribe(done, true)).catch(() => undefined);
  }

  /** Ends every call in flight and the sockets; the client is not used again. */
  close(): void {
    this.closed = true;
    for (const reject of [...this.pending]) reject(new Error("closed"));
    this.agent.destroy();
  }

  private profile(): { profileToken?: string } {
    return this.settings.profileToken ? { profileToken: this.settings.profileToken } : {};
  }

  /** The connected camera (connecting once at a time; a failed connection is tried again on the next call). */
  private async connected(): Promise<Cam> {
    if (this.cam) return this.cam;
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<Cam> {
    const cam = new Cam({
      hostname: this.service.hostname,
      port: this.service.port,
      path: this.service.path,
      useSecure: this.service.secure,
      ...(this.settings.username !== undefined ? { username: this.settings.username } : {}),
      ...(this.settings.password !== undefined ? { password: this.settings.password } : {}),
      timeout: this.timing.timeoutMs,
      preserveAddress: true,
      autoconnect: false,
      agent: this.agent,
    });
    // A camera's 'warning' events (no profile for a source, …) are not errors of a call.
    cam.on("warning", () => undefined);
    this.guard(cam);
    await this.settle("connect", (done) => cam.connect(done));
    this.cam = cam;
    return cam;
  }

  /**
   * Wraps the library's request function so that an exception thrown while the library reads an
   * answer (a missing element it indexes into) fails the calls in flight instead of escaping from
   * the socket's 'end' handler and ending the hub.
   */
  private guard(cam: Cam): void {
    const target = cam as unknown as { _request: RequestFn };
    const request = target._request.bind(cam);
    target._request = (options, callback) => {
      request(options, (...args) => {
        try {
          callback(...args);
        } catch (error) {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const reject of [...this.pending]) reject(failure);
        }
      });
    };
  }

  /** Runs `start` on the connected camera and waits for its callback; a failure drops the connection when the camera did not answer. */
  private async call(
    action: string,
    start: (cam: Cam, done: Callback) => void,
    timeoutMs: number = this.timing.timeoutMs,
  ): Promise<unknown> {
    const cam = await this.connected();
    try {
      return await this.settle(action, (done) => start(cam, done), timeoutMs || this.timing.timeoutMs);
    } catch (error) {
      if (error instanceof HubError && error.code === "DEVICE_UNREACHABLE") this.cam = null;
      throw error;
    }
  }

  /** A promise of one library call: its callback's data, or the HubError of its failure, within `timeoutMs` (+1 s for the socket's own timeout). */
  private settle(action: string, start: (done: Callback) => void, timeoutMs = this.timing.timeoutMs): Promise<unknown> {
    if (this.closed) return Promise.reject(new HubError("DEVICE_UNREACHABLE", `${this.label}: the hub is stopping`));
    return new Promise((resolve, reject) => {
      const finish = (error: Error | null, data?: unknown) => {
        if (!this.pending.delete(fail)) return;
        clearTimeout(timer);
        if (error) reject(onvifError(this.label, action, error));
        else resolve(data);
      };
      const fail = (error: Error) => finish(error);
      const timer = setTimeout(() => finish(new Error("Network timeout")), timeoutMs + 1_000);
      this.pending.add(fail);
      try {
        start((error, data) => finish(error, data));
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}
