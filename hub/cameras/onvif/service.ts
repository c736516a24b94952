import type { PtzBody } from "../../../contract/camera-controls";
import { HubError } from "../../core/errors";
import type { HouseholdCamera } from "../household";
import { ONVIF_TIMING, OnvifClient, type OnvifPreset } from "./client";
import { ONVIF_EVENTS_TIMING, OnvifMotionEvents, type OnvifEventsTiming } from "./events";

/** Where the ONVIF service reports what goes wrong in the background (event subscriptions); never given credentials. */
export interface OnvifLog {
  warn(message: string): void;
}

/** Called when an ONVIF camera's motion starts (`active` true) or ends. */
export type MotionListener = (cameraId: string, active: boolean) => void;

/** The ONVIF auxiliary commands of an IR illuminator (ONVIF Core "Auxiliary operation": `tt:IRLamp|On`, `|Off`). */
export const IR_LAMP = { on: "tt:IRLamp|On", off: "tt:IRLamp|Off" } as const;

/** What {@link OnvifService.nightmode} did: the night mode the camera reports now, and whether it switched an IR lamp. */
export interface NightmodeReadBack {
  nightmode: boolean;
  irLamp: boolean;
}

/**
 * The household's ONVIF cameras (those with `onvif` in the household file): PTZ moves (ContinuousMove
 * for the duration, then Stop), presets, night mode through the imaging service's IR cut filter
 * (and the IR lamp's auxiliary command where the PTZ node offers `tt:IRLamp|On`), and motion events
 * from a PullPoint subscription per camera, handed to {@link onMotion} listeners. Credentials stay in
 * the clients; messages name the camera by id only.
 */
export class OnvifService {
  private readonly clients = new Map<string, OnvifClient>();
  /** Per camera, the running move and its Stop timer (null while ContinuousMove waits for its answer). */
  private readonly moves = new Map<string, { timer: NodeJS.Timeout | null }>();
  private readonly listeners = new Set<MotionListener>();
  private readonly subscriptions: OnvifMotionEvents[] = [];
  /** The retry timers of PTZ detection ({@link detectPtz}); cleared on close. */
  private readonly detections = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    cameras: readonly HouseholdCamera[],
    private readonly log: OnvifLog,
    private readonly timing: { timeoutMs: number; events: OnvifEventsTiming } = {
      ...ONVIF_TIMING,
      events: ONVIF_EVENTS_TIMING,
    },
  ) {
    for (const camera of cameras)
      if (camera.onvif) this.clients.set(camera.id, new OnvifClient(`camera "${camera.id}"`, camera.onvif, timing));
  }

  /** Whether camera `id` has ONVIF settings. */
  has(id: string): boolean {
    return this.clients.has(id);
  }

  /**
   * Moves camera `id`: ContinuousMove at the body's velocities, then Stop `duration` ms after the
   * camera accepted the move (the camera is also told to stop by itself after `duration`: ONVIF
   * `Timeout`). A new move replaces a running one (its Stop is not sent: ContinuousMove replaces the
   * camera's move). Stop is sent at once when ContinuousMove failed. @throws HubError NOT_SUPPORTED
   * (no PTZ service; a SOAP fault with its reason), DEVICE_UNREACHABLE (no answer, login refused)
   */
  async ptz(id: string, body: PtzBody): Promise<void> {
    const client = this.client(id);
    if (!(await client.hasPtz())) throw new HubError("NOT_SUPPORTED", `camera "${id}" has no ONVIF PTZ service`);
    const running = this.moves.get(id);
    if (running?.timer) clearTimeout(running.timer);
    const move: { timer: NodeJS.Timeout | null } = { timer: null };
    this.moves.set(id, move);
    const stop = () => {
      if (this.moves.get(id) === move) this.moves.delete(id);
      client.stop().catch((error: unknown) => this.log.warn(`onvif: ${messageOf(error)}`));
    };
    try {
      await client.continuousMove({ pan: body.pan, tilt: body.tilt, zoom: body.zoom }, body.duration);
    } catch (error) {
      if (this.moves.get(id) === move) stop();
      throw error;
    }
    // Replaced while the camera answered: the newer move stops the camera.
    if (this.moves.get(id) === move) move.timer = setTimeout(stop, body.duration);
  }

  /** Camera `id`'s PTZ presets (GetPresets), empty when it has no PTZ service. @throws HubError as {@link ptz} */
  async presets(id: string): Promise<OnvifPreset[]> {
    return this.client(id).presets();
  }

  /** GotoPreset: `token` must be one of the camera's presets. @throws HubError NOT_FOUND (no such preset), as {@link ptz} */
  async gotoPreset(id: string, token: string): Promise<OnvifPreset> {
    const preset = (await this.presets(id)).find((candidate) => candidate.token === token);
    if (!preset) throw new HubError("NOT_FOUND", "no such preset");
    const running = this.moves.get(id);
    if (running?.timer) clearTimeout(running.timer);
    this.moves.delete(id);
    await this.client(id).gotoPreset(token);
    return preset;
  }

  /**
   * Night mode of camera `id`: IR cut filter `OFF` (night, `on`) or `ON` (day) through SetImagingSettings,
   * the IR lamp on or off where its PTZ node offers {@link IR_LAMP}, then GetImagingSettings: the
   * answer is what the camera reports (`OFF` = night; `AUTO` reads as day). @throws HubError
   * NOT_SUPPORTED when the imaging service offers no IR cut filter mode to switch; as {@link ptz}
   */
  async nightmode(id: string, on: boolean): Promise<NightmodeReadBack> {
    const client = this.client(id);
    const modes = await client.irCutFilterModes();
    const wanted = on ? "OFF" : "ON";
    if (!modes.includes(wanted))
      throw new HubError("NOT_SUPPORTED", `camera "${id}" has no IR cut filter the hub can switch (ONVIF imaging)`);
    await client.setIrCutFilter(wanted);
    const aux = await client.auxiliaryCommands();
    const lamp = on ? IR_LAMP.on : IR_LAMP.off;
    const irLamp = aux.includes(lamp);
    if (irLamp) await client.auxiliaryCommand(lamp);
    const reported = await client.irCutFilter();
    return { nightmode: (reported ?? wanted) === "OFF", irLamp };
  }

  /**
   * Adds a listener of the ONVIF cameras' motion events (`tns1:RuleEngine/CellMotionDetector/Motion`,
   * `tns1:VideoSource/MotionAlarm`): called with the camera id and whether motion is on. Returns
   * the function that removes it.
   */
  onMotion(listener: MotionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribes to each ONVIF camera's events (PullPoint), in the background; returns this. */
  start(): this {
    for (const [id, client] of this.clients) {
      this.subscriptions.push(
        new OnvifMotionEvents(
          client,
          (active) => {
            for (const listener of this.listeners) listener(id, active);
          },
          (error) => this.log.warn(`onvif: events of camera "${id}": ${messageOf(error)}; subscribing again`),
          this.timing.events,
        ).start(),
      );
    }
    return this;
  }

  /**
   * Learns whether each of cameras `ids` (ONVIF ones; others are skipped) has a PTZ service, from its
   * device service (GetServices, else GetCapabilities), in the background: `found(id, hasPtz)` once per
   * camera. A camera that does not answer is asked again after the events' back-off (doubling up to its
   * maximum), until it answers or the service closes; failures are logged by camera id only.
   */
  detectPtz(ids: readonly string[], found: (id: string, hasPtz: boolean) => void): void {
    for (const id of ids) {
      const client = this.clients.get(id);
      if (!client) continue;
      let backoff = this.timing.events.retryMinMs;
      const attempt = () => {
        if (this.closed) return;
        client.hasPtz().then(
          (hasPtz) => {
            if (!this.closed) found(id, hasPtz);
          },
          (error: unknown) => {
            if (this.closed) return;
            this.log.warn(`onvif: camera "${id}" did not say whether it has PTZ: ${messageOf(error)}; asking again`);
            const timer = setTimeout(() => {
              this.detections.delete(timer);
              attempt();
            }, backoff);
            timer.unref();
            this.detections.add(timer);
            backoff = Math.min(backoff * 2, this.timing.events.retryMaxMs);
          },
        );
      };
      attempt();
    }
  }

  /** Stops the subscriptions, the moves' and PTZ detection's timers, closes the clients. */
  close(): void {
    this.closed = true;
    for (const timer of this.detections) clearTimeout(timer);
    this.detections.clear();
    for (const subscription of this.subscriptions) subscription.stop();
    for (const move of this.moves.values()) if (move.timer) clearTimeout(move.timer);
    this.moves.clear();
    for (const client of this.clients.values()) client.close();
  }

  private client(id: string): OnvifClient {
    const client = this.clients.get(id);
    if (!client) throw new HubError("NOT_SUPPORTED", `camera "${id}" has no ONVIF settings`);
    return client;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
