import {
  GPS_ALERT_TOPIC,
  GPS_NOTIFICATIONS_TOPIC,
  gpsTopic,
  haversineMeters,
  type GpsAlert,
  type GpsState,
  type TrackPoint,
} from "../../contract/gps";
import type { BrokerLink, HubLogger } from "../broker/link";
import { DeviceRouter } from "../bridge/router";
import { HubError } from "../core/errors";
import type { GpsConfig, GpsTrackerConfig } from "./config";
import { parseOwnTracks, type OwnTracksFix } from "./owntracks";
import type { GpsStore } from "./store";

/** A fix's time may be at most this far ahead of the hub's clock (ms); later ones are dropped. */
const MAX_FUTURE_MS = 5 * 60_000;

/**
 * The GPS cat trackers: reads each tracker's OwnTracks messages (`owntracks/<user>/<device>`),
 * publishes its state on `gps/<tracker>` (retained: position, battery, fix time, distance from home
 * by haversine), stores the track (bounded, GpsStore), and, while notifications are on, publishes
 * `gps/alert` (not retained) when a tracker leaves the radius around home or comes back. A fix older
 * than the last one (OwnTracks resends buffered fixes after a reconnect) goes into the track but does
 * not replace the state. The notifications switch is stored and published retained on `gps/notifications`.
 */
export class GpsService {
  private readonly byDevice: ReadonlyMap<string, GpsTrackerConfig>;
  private readonly lastFixMs = new Map<string, number>();
  private readonly outside = new Map<string, boolean>();

  constructor(
    private readonly link: BrokerLink,
    private readonly config: GpsConfig | undefined,
    private readonly store: GpsStore,
    private readonly log: HubLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.byDevice = new Map((config?.trackers ?? []).map((tracker) => [tracker.owntracks, tracker]));
  }

  /**
   * Republishes the notifications switch once it was ever set (unset = off: nothing is published,
   * like settings never saved) and follows OwnTracks through `router` (the hub's device router;
   * absent = one of its own on the link); returns this.
   */
  start(router: DeviceRouter = new DeviceRouter(this.link, this.log)): this {
    const stored = this.store.storedNotifications();
    if (stored !== null)
      this.link.publish(GPS_NOTIFICATIONS_TOPIC, JSON.stringify({ state: stored }), { retain: true, qos: 1 });
    if (this.config) {
      for (const tracker of this.config.trackers) {
        const last = this.store.last(tracker.id);
        if (last) this.outside.set(tracker.id, haversineMeters(this.config.home, last) > this.config.radiusM);
      }
      router.on({ source: "owntracks" }, (event) => this.handle(event.topic, event.raw));
    }
    return this;
  }

  /** Handles one OwnTracks message; never throws (a bad one is logged at debug and dropped). */
  handle(topic: string, payload: Buffer | string): void {
    try {
      const message = parseOwnTracks(topic, payload);
      if (message.kind !== "fix") {
        if (message.kind === "dropped")
          this.log.debug({ topic: topic.slice(0, 200), reason: message.reason }, "gps: OwnTracks message dropped");
        return;
      }
      const tracker = this.byDevice.get(message.device);
      if (!tracker) return;
      if (message.fix.timeMs > this.now() + MAX_FUTURE_MS) {
        this.log.debug({ tracker: tracker.id }, "gps: fix from the future dropped");
        return;
      }
      this.apply(tracker, message.fix);
    } catch (error) {
      this.log.error({ err: error }, "gps: failed on a message");
    }
  }

  private apply(tracker: GpsTrackerConfig, fix: OwnTracksFix): void {
    const config = this.config;
    if (!config) return;
    this.store.addPoint(tracker.id, fix, this.now());
    const previous = this.lastFixMs.get(tracker.id);
    if (previous !== undefined && fix.timeMs < previous) return;
    this.lastFixMs.set(tracker.id, fix.timeMs);
    const distanceM = Math.round(haversineMeters(config.home, fix));
    const outside = distanceM > config.radiusM;
    const time = new Date(fix.timeMs).toISOString();
    const state: GpsState = {
      label: tracker.label,
      lat: fix.lat,
      lon: fix.lon,
      accuracyM: fix.accuracyM,
      battery: fix.battery,
      time,
      distanceM,
      home: config.home,
      radiusM: config.radiusM,
      outside,
    };
    this.link.publish(gpsTopic(tracker.id), JSON.stringify(state), { retain: true, qos: 1 });
    const wasOutside = this.outside.get(tracker.id);
    this.outside.set(tracker.id, outside);
    if (wasOutside === undefined || wasOutside === outside || !this.store.notifications()) return;
    const alert: GpsAlert = {
      tracker: tracker.id,
      label: tracker.label,
      event: outside ? "left" : "returned",
      distanceM,
      radiusM: config.radiusM,
      time,
    };
    this.link.publish(GPS_ALERT_TOPIC, JSON.stringify(alert), { retain: false, qos: 1 });
  }

  /** Turns notifications on or off (stored; published retained on `gps/notifications`); returns the state. */
  setNotifications(state: boolean): { state: boolean } {
    this.store.setNotifications(state);
    this.link.publish(GPS_NOTIFICATIONS_TOPIC, JSON.stringify({ state }), { retain: true, qos: 1 });
    return { state };
  }

  /** The track of `tracker` over the last `hours`, oldest first. Throws HubError NOT_FOUND for an unknown tracker. */
  track(tracker: string, hours: number): TrackPoint[] {
    if (!this.config?.trackers.some((t) => t.id === tracker)) throw new HubError("NOT_FOUND", "no such tracker");
    return this.store.track(tracker, hours, this.now());
  }
}
