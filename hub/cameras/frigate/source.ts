import { recordingsTopic, type Recording } from "../../../contract/camera-controls";
import type { BrokerLink, HubLogger } from "../../broker/link";
import { MAX_PAYLOAD_BYTES } from "../../bridge/guards";
import type { DeviceEvent, DeviceRouter } from "../../bridge/router";
import { HubError } from "../../core/errors";
import type { RecordingPlayback, RecordingSource } from "../recordings/source";
import type { FrigateClient } from "./client";
import {
  FRIGATE_ID_PREFIX,
  FrigateEventIdSchema,
  FrigateEventListSchema,
  FrigateEventMessageSchema,
  FrigateEventSchema,
  FrigateReviewMessageSchema,
  readFrigate,
  readFrigateStats,
  recordingOf,
  type FrigateEvent,
} from "./payloads";

/** How many events the hub keeps per camera (the newest), and asks Frigate for per camera when it backfills. */
export const FRIGATE_EVENTS = { keepPerCamera: 200, backfillPerCamera: 100 } as const;

/** A household camera Frigate records: its id and its name in Frigate's config. */
export interface FrigateCamera {
  id: string;
  frigate: string;
}

/** What {@link FrigateRecordings} is built from. */
export interface FrigateRecordingsOptions {
  cameras: readonly FrigateCamera[];
  client: FrigateClient;
  link: BrokerLink;
  log: HubLogger;
  /** Counts and keeps the reason of a Frigate message refused (the device registry's `report`). */
  report: (reason: string) => void;
  /** Camera `cameraId`'s motion as Frigate says it (`<base>/<camera>/motion` ON/OFF). */
  onMotion?: (cameraId: string, on: boolean) => void;
  /**
   * Whether camera `cameraId` is up as Frigate sees it: false while Frigate is down (`<base>/available`
   * `offline`, `stopped`) or the camera's stream is (`<base>/stats` `camera_fps` 0, or the camera not in
   * the stats); true when Frigate is online and the stats last gave the camera frames, or Frigate
   * reports motion on it (told again at every stats message and `online`).
   */
  onAvailability?: (cameraId: string, online: boolean) => void;
  now?: () => number;
}

/** One event as the hub holds it: what Frigate said last, and its retain flag when the API said it. */
interface Held {
  event: FrigateEvent;
  cameraId: string;
  locked: boolean;
}

/**
 * The recordings of the cameras Frigate records (spec §3, §5, §7; hub/README.md "Frigate"), a
 * {@link RecordingSource} owning the ids `frigate-<event id>`. Frigate's events are kept from its MQTT
 * (`<base>/events` new/update/end, read through the device router, each message checked and a refused
 * one reported) and backfilled from `GET /api/events` per camera at start, when Frigate comes back
 * (`<base>/available` online) and when a review names an event the hub has not seen. A new or ended
 * event announces `camera/recordings/<cameraId>`. The lock is Frigate's retain (`POST`/`DELETE
 * /api/events/<id>/retain`, read back from `GET /api/events/<id>`); deletion is `DELETE
 * /api/events/<id>`, refused while retained (RECORDING_LOCKED); playback proxies `clip.mp4`, the
 * snapshot is `snapshot.jpg`. While Frigate does not answer (its last backfill failed, or MQTT says it
 * is offline) listing its cameras is refused with DEVICE_UNREACHABLE; the next list tries again.
 * Each camera's health (`onAvailability`) is Frigate's (`<base>/available`) and its stream's: from
 * `<base>/stats` (every `mqtt.stats_interval`), a camera whose `camera_fps` is 0 or that the stats do
 * not name is down until a stats message gives it frames again or Frigate reports motion on it
 * (Frigate only detects motion in frames it received). A malformed or oversized stats message is
 * refused and reported, and changes nothing.
 */
export class FrigateRecordings implements RecordingSource {
  private readonly byName = new Map<string, string>();
  private readonly held = new Map<string, Held>();
  private reachable = false;
  /** Frigate's `<base>/available` as last said: null before it said anything. */
  private available: boolean | null = null;
  /** Household cameras whose stream is down as Frigate's last stats said. */
  private readonly streamDown = new Set<string>();
  /** Household cameras warned about once: their Frigate camera is not in Frigate's stats. */
  private readonly missingWarned = new Set<string>();
  private backfilling: Promise<void> | null = null;
  private closed = false;
  private readonly now: () => number;
  /** Counters: Frigate messages read and refused. */
  readonly stats = { received: 0, refused: 0 };

  constructor(private readonly options: FrigateRecordingsOptions) {
    for (const camera of options.cameras) this.byName.set(camera.frigate, camera.id);
    this.now = options.now ?? Date.now;
  }

  /** Follows Frigate's MQTT through `router` and backfills once (a failure only logged: lists try again). */
  start(router: DeviceRouter): this {
    router.translate("frigate", (event) => this.message(event));
    void this.backfill().catch((error: unknown) =>
      this.options.log.warn({ err: error }, "frigate: the first backfill failed"),
    );
    return this;
  }

  /** Stops reacting (the hub is closing). */
  close(): void {
    this.closed = true;
  }

  /** Whether camera `cameraId` names a Frigate camera. */
  recordsCamera(cameraId: string): boolean {
    return this.options.cameras.some((camera) => camera.id === cameraId);
  }

  /** Whether `id` is a Frigate event's recording id (`frigate-…`). */
  owns(id: string): boolean {
    return id.startsWith(FRIGATE_ID_PREFIX);
  }

  /** The events, newest first; of camera `cameraId` when given. @throws HubError DEVICE_UNREACHABLE, NOT_FOUND */
  async list(cameraId?: string): Promise<Recording[]> {
    if (cameraId !== undefined && !this.recordsCamera(cameraId)) throw new HubError("NOT_FOUND", "no such camera");
    if (!this.reachable) await this.backfill();
    const now = this.now();
    return [...this.held.values()]
      .filter((held) => cameraId === undefined || held.cameraId === cameraId)
      .map((held) => recordingOf(held.event, held.cameraId, held.locked, now))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.id.localeCompare(a.id));
  }

  /** Sets Frigate's retain to the opposite of what Frigate holds now, and answers what it then says. */
  async toggleLock(id: string): Promise<Recording> {
    const eventId = this.eventIdOf(id);
    const before = await this.fetchEvent(eventId);
    await this.options.client.retain(eventId, before.event.retain_indefinitely !== true);
    const after = await this.fetchEvent(eventId);
    this.announce(after.cameraId);
    return recordingOf(after.event, after.cameraId, after.locked, this.now());
  }

  /** Deletes the event in Frigate. @throws HubError RECORDING_LOCKED while Frigate retains it */
  async remove(id: string): Promise<void> {
    const eventId = this.eventIdOf(id);
    const current = await this.fetchEvent(eventId);
    if (current.locked) throw new HubError("RECORDING_LOCKED", "the recording is locked: unlock it first");
    await this.options.client.remove(eventId);
    this.held.delete(eventId);
    this.announce(current.cameraId);
  }

  /** Frigate's `clip.mp4`, fetched with the caller's Range. @throws HubError NOT_FOUND (no such event, or no clip) */
  async playback(id: string): Promise<RecordingPlayback> {
    const eventId = this.eventIdOf(id);
    const held = this.held.get(eventId) ?? (await this.fetchEvent(eventId));
    if (!held.event.has_clip) throw new HubError("NOT_FOUND", "Frigate has no clip of this event");
    return { kind: "upstream", fetch: (range, signal) => this.options.client.clip(eventId, range, signal) };
  }

  /** Frigate's `snapshot.jpg` of the event. @throws HubError NOT_FOUND (no such event, or no snapshot) */
  async snapshot(id: string): Promise<Buffer> {
    const eventId = this.eventIdOf(id);
    const held = this.held.get(eventId) ?? (await this.fetchEvent(eventId));
    if (!held.event.has_snapshot) throw new HubError("NOT_FOUND", "Frigate has no snapshot of this event");
    return this.options.client.snapshot(eventId);
  }

  /** Asks Frigate for each camera's newest events (one backfill at a time). @throws HubError DEVICE_UNREACHABLE */
  backfill(): Promise<void> {
    this.backfilling ??= this.fetchAll().finally(() => {
      this.backfilling = null;
    });
    return this.backfilling;
  }

  private async fetchAll(): Promise<void> {
    const fetched: Held[] = [];
    try {
      for (const camera of this.options.cameras) {
        const answer = readFrigate(
          FrigateEventListSchema,
          await this.options.client.events(camera.frigate, FRIGATE_EVENTS.backfillPerCamera),
        );
        if (!answer.ok) throw new HubError("DEVICE_UNREACHABLE", `Frigate's event list is malformed: ${answer.reason}`);
        for (const item of answer.value) {
          const read = readFrigate(FrigateEventSchema, item);
          if (!read.ok) {
            this.refuse(`frigate event list of ${camera.frigate}: ${read.reason}`);
            continue;
          }
          const held = this.heldOf(read.value);
          if (held) fetched.push(held);
        }
      }
    } catch (error) {
      this.reachable = false;
      throw error;
    }
    const newest = new Map<string, number>();
    for (const held of fetched)
      newest.set(held.cameraId, Math.max(newest.get(held.cameraId) ?? 0, held.event.start_time));
    // Keep what MQTT brought that is newer than the answer (an event that began meanwhile).
    for (const [eventId, held] of this.held)
      if (held.event.start_time <= (newest.get(held.cameraId) ?? 0)) this.held.delete(eventId);
    for (const held of fetched) this.held.set(held.event.id, held);
    this.reachable = true;
  }

  /** The event as Frigate's API holds it now (fresh retain flag), kept. @throws HubError NOT_FOUND, DEVICE_UNREACHABLE */
  private async fetchEvent(eventId: string): Promise<Held> {
    const read = readFrigate(FrigateEventSchema, await this.options.client.event(eventId));
    if (!read.ok) throw new HubError("DEVICE_UNREACHABLE", `Frigate's event is malformed: ${read.reason}`);
    const held = this.heldOf(read.value);
    if (!held) throw new HubError("NOT_FOUND", "no such recording");
    this.held.set(eventId, held);
    return held;
  }

  private heldOf(event: FrigateEvent): Held | null {
    const cameraId = this.byName.get(event.camera);
    if (cameraId === undefined || event.false_positive === true) return null;
    return { event, cameraId, locked: event.retain_indefinitely === true };
  }

  /** The Frigate event id of recording `id`. @throws HubError NOT_FOUND */
  private eventIdOf(id: string): string {
    const eventId = id.slice(FRIGATE_ID_PREFIX.length);
    const read = readFrigate(FrigateEventIdSchema, eventId);
    if (!this.owns(id) || !read.ok) throw new HubError("NOT_FOUND", "no such recording");
    return eventId;
  }

  private message(event: DeviceEvent): void {
    if (this.closed || event.kind === "") return;
    this.stats.received += 1;
    if (event.device === "frigate" && event.kind === "events") this.eventMessage(event);
    else if (event.device === "frigate" && event.kind === "reviews") this.reviewMessage(event);
    else if (event.device === "frigate" && event.kind === "available") this.availableMessage(event.text.trim());
    else if (event.device === "frigate" && event.kind === "stats") this.statsMessage(event);
    else if (event.kind === "motion") this.motionMessage(event.device, event.text.trim());
  }

  private parsed(event: DeviceEvent): unknown {
    if (event.raw.length > MAX_PAYLOAD_BYTES) {
      this.refuse(`frigate ${event.kind}: ${event.raw.length} bytes (at most ${MAX_PAYLOAD_BYTES})`);
      return undefined;
    }
    const json = event.json;
    if (json === undefined) this.refuse(`frigate ${event.kind}: not a JSON object (or nested too deep)`);
    return json;
  }

  private eventMessage(event: DeviceEvent): void {
    const json = this.parsed(event);
    if (json === undefined) return;
    const read = readFrigate(FrigateEventMessageSchema, json);
    if (!read.ok) {
      this.refuse(`frigate events: ${read.reason}`);
      return;
    }
    const { type, after } = read.value;
    const known = this.held.get(after.id);
    const held = this.heldOf({ ...after, retain_indefinitely: known?.locked ?? false });
    if (!held) {
      // A false positive that Frigate now discards, or a camera of Frigate's the household does not show.
      if (known) this.held.delete(after.id);
      return;
    }
    this.held.set(after.id, held);
    this.trim(held.cameraId);
    const changed = type !== "update" || !known || known.event.has_clip !== after.has_clip;
    if (changed) this.announce(held.cameraId);
  }

  private reviewMessage(event: DeviceEvent): void {
    const json = this.parsed(event);
    if (json === undefined) return;
    const read = readFrigate(FrigateReviewMessageSchema, json);
    if (!read.ok) {
      this.refuse(`frigate reviews: ${read.reason}`);
      return;
    }
    const { camera, data } = read.value.after;
    if (!this.byName.has(camera)) return;
    if (data.detections.some((id) => !this.held.has(id))) void this.backfill().catch(() => undefined); // a detection the hub has not seen: ask Frigate
  }

  private availableMessage(state: string): void {
    if (state === "online") {
      this.available = true;
      for (const camera of this.options.cameras)
        this.options.onAvailability?.(camera.id, !this.streamDown.has(camera.id));
      void this.backfill().then(
        () => {
          for (const cameraId of new Set(this.options.cameras.map((camera) => camera.id))) this.announce(cameraId);
        },
        () => undefined,
      );
    } else if (state === "offline" || state === "stopped") {
      this.reachable = false;
      this.available = false;
      for (const camera of this.options.cameras) this.options.onAvailability?.(camera.id, false);
    } else this.refuse(`frigate available: ${JSON.stringify(state.slice(0, 40))} is not online, offline or stopped`);
  }

  /** `<base>/stats`: each household camera is up when its Frigate camera's `camera_fps` is above 0. */
  private statsMessage(event: DeviceEvent): void {
    const json = this.parsed(event);
    if (json === undefined) return;
    const read = readFrigateStats(json);
    if (!read.ok) {
      this.refuse(`frigate stats: ${read.reason}`);
      return;
    }
    const { cameras } = read.value;
    for (const camera of this.options.cameras) {
      const fps = Object.hasOwn(cameras, camera.frigate) ? cameras[camera.frigate]!.camera_fps : undefined;
      if (fps === undefined && !this.missingWarned.has(camera.id)) {
        this.missingWarned.add(camera.id);
        this.options.log.warn(
          { camera: camera.id, frigate: camera.frigate },
          "frigate: the camera is not in Frigate's stats (check its name in Frigate's config); shown offline",
        );
      }
      const up = fps !== undefined && fps > 0;
      if (up === this.streamDown.has(camera.id))
        this.options.log.info(
          { camera: camera.id, frigate: camera.frigate, fps: fps ?? null },
          up ? "frigate: the camera's stream is back" : "frigate: the camera's stream is down",
        );
      if (up) this.streamDown.delete(camera.id);
      else this.streamDown.add(camera.id);
      if (this.available !== false) this.options.onAvailability?.(camera.id, up);
    }
  }

  private motionMessage(name: string, state: string): void {
    const cameraId = this.byName.get(name);
    if (cameraId === undefined) return;
    if (state === "ON" || state === "OFF") {
      // Frigate reports motion only from frames it received: the stream is up
      for (const camera of this.options.cameras) if (camera.frigate === name) this.streamDown.delete(camera.id);
      this.options.onMotion?.(cameraId, state === "ON");
    } else this.refuse(`frigate ${name}/motion: ${JSON.stringify(state.slice(0, 40))} is not ON or OFF`);
  }

  /** Keeps the newest {@link FRIGATE_EVENTS}.keepPerCamera events of camera `cameraId`. */
  private trim(cameraId: string): void {
    const ofCamera = [...this.held.values()].filter((held) => held.cameraId === cameraId);
    if (ofCamera.length <= FRIGATE_EVENTS.keepPerCamera) return;
    ofCamera.sort((a, b) => b.event.start_time - a.event.start_time);
    for (const held of ofCamera.slice(FRIGATE_EVENTS.keepPerCamera)) this.held.delete(held.event.id);
  }

  private refuse(reason: string): void {
    this.stats.refused += 1;
    this.options.report(reason);
  }

  private announce(cameraId: string): void {
    this.options.link.publish(recordingsTopic(cameraId), String(this.now()), { retain: false, qos: 0 });
  }
}
