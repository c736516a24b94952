import { TASMOTA_STAT, TASMOTA_TELE, ZIGBEE2MQTT_BASE } from "../../contract/topics";
import { FRIGATE_DEFAULT_BASE } from "../broker/acl";
import type { BrokerLink, HubLogger } from "../broker/link";
import { OWNTRACKS_BASE } from "../gps/owntracks";
import {
  MAX_PAYLOAD_BYTES,
  forgetParsedPayload,
  isSafeDeviceName,
  parseJsonObject,
  parseJsonValue,
  type JsonObject,
} from "./guards";

/** Where a device message came from. */
export type DeviceSource = "tasmota" | "zigbee2mqtt" | "owntracks" | "frigate";

export { FRIGATE_DEFAULT_BASE };

/**
 * One raw device message, read once for every domain that follows it:
 * - Tasmota `tele/<t>/<suffix>`, `stat/<t>/<suffix>`: `device` = `<t>`, `kind` = `tele/<suffix>` or `stat/<suffix>`
 *   (`tele/LWT`, `tele/STATE`, `tele/SENSOR`, `tele/RESULT`, `stat/RESULT`, `stat/POWER2`, `stat/STATUS0`…);
 *   its native discovery `tasmota/discovery/<MAC>/config` and `…/sensors`: `device` = `<MAC>`, kind
 *   `discovery/config` or `discovery/sensors` (devices/tasmota-discovery.ts);
 * - Zigbee2MQTT `zigbee2mqtt/<name>`: kind `state`; `zigbee2mqtt/<name>/availability`: kind `availability`;
 *   `zigbee2mqtt/bridge[/<rest>]`: device `bridge`, kind `bridge[/<rest>]` (`bridge/devices`); `…/set`, `…/get`: kind `command`;
 * - OwnTracks `owntracks/<user>/<device>[/…]`: device `<user>/<device>`, kind `location` (or the sub-topic);
 * - Frigate under its base B (default `frigate`, the router's `frigateBase`): `B/events`, `B/reviews`,
 *   `B/available`, `B/stats`…: device `frigate`, kind `events`…; `B/<camera>/<rest>`: device `<camera>`, kind `<rest>`
 *   (`motion`, `status/detect`, `person`…).
 * `json` parses the payload on first use and every later reader shares that parse (guards.parseJsonValue);
 * it is undefined for a payload that is not a JSON object, nests too deep, or is over MAX_PAYLOAD_BYTES.
 */
export interface DeviceEvent {
  readonly source: DeviceSource;
  readonly topic: string;
  readonly device: string;
  readonly kind: string;
  /** The payload as received (at most MAX_PAYLOAD_BYTES but for Zigbee2MQTT `bridge/…`: larger ones reach only raw listeners). */
  readonly raw: Buffer;
  /** The payload as UTF-8 text. */
  readonly text: string;
  /** The payload as a JSON object (parsed once), or undefined. */
  readonly json: JsonObject | undefined;
  /** The payload as any JSON value (arrays too: `bridge/devices`), parsed once; undefined when not JSON. */
  readonly value: unknown;
}

/** Which events a domain follows: a source, and optionally the kinds and one device. */
export interface DeviceEventFilter {
  source: DeviceSource;
  kinds?: readonly string[];
  device?: string;
}

/** Counters of the router: messages read, refused by the guards, and JSON parses done for them. */
export interface DeviceRouterStats {
  received: number;
  /** Messages with an unsafe device name or a payload over MAX_PAYLOAD_BYTES: no domain sees them. */
  refused: number;
}

const TELE = `${TASMOTA_TELE}/`;
const STAT = `${TASMOTA_STAT}/`;
const ZIGBEE = `${ZIGBEE2MQTT_BASE}/`;
const OWNTRACKS = `${OWNTRACKS_BASE}/`;
/** Tasmota's native discovery root (`tasmota/discovery/<MAC>/config|sensors`, xdrv_12_discovery.ino). */
export const TASMOTA_DISCOVERY = "tasmota/discovery";
const DISCOVERY = `${TASMOTA_DISCOVERY}/`;
const Z2M_COMMAND = /\/(set|get)(\/.*)?$/;

/**
 * Zigbee2MQTT's own `bridge/…` messages are not capped at MAX_PAYLOAD_BYTES: the retained
 * `bridge/devices` list of a large network is bigger (its reader bounds what it keeps: lights/service.ts).
 */
const UNCAPPED = (address: { source: DeviceSource; device: string; kind: string }): boolean =>
  address.source === "zigbee2mqtt" && address.kind.startsWith("bridge/");

/** Source, device and kind of a raw topic, or undefined for a topic of no known shape. */
export function deviceAddress(
  topic: string,
  frigateBase: string = FRIGATE_DEFAULT_BASE,
): { source: DeviceSource; device: string; kind: string } | undefined {
  if (topic.startsWith(TELE) || topic.startsWith(STAT)) {
    const parts = topic.split("/");
    const [prefix, device, suffix] = parts;
    if (parts.length !== 3 || prefix === undefined || device === undefined || suffix === undefined) return undefined;
    return { source: "tasmota", device, kind: `${prefix}/${suffix}` };
  }
  if (topic.startsWith(DISCOVERY)) {
    const parts = topic.slice(DISCOVERY.length).split("/");
    const [mac, what] = parts;
    if (parts.length !== 2 || mac === undefined || (what !== "config" && what !== "sensors")) return undefined;
    return { source: "tasmota", device: mac, kind: `discovery/${what}` };
  }
  if (topic.startsWith(ZIGBEE)) {
    const rest = topic.slice(ZIGBEE.length);
    if (rest === "bridge" || rest.startsWith("bridge/")) return { source: "zigbee2mqtt", device: "bridge", kind: rest };
    if (Z2M_COMMAND.test(rest))
      return { source: "zigbee2mqtt", device: rest.replace(Z2M_COMMAND, ""), kind: "command" };
    if (rest.endsWith("/availability"))
      return { source: "zigbee2mqtt", device: rest.slice(0, -"/availability".length), kind: "availability" };
    return { source: "zigbee2mqtt", device: rest, kind: "state" };
  }
  if (topic.startsWith(OWNTRACKS)) {
    const parts = topic.slice(OWNTRACKS.length).split("/");
    const [user, device, ...sub] = parts;
    if (user === undefined || device === undefined) return undefined;
    return { source: "owntracks", device: `${user}/${device}`, kind: sub.length === 0 ? "location" : sub.join("/") };
  }
  if (topic.startsWith(`${frigateBase}/`)) {
    const [first, ...rest] = topic.slice(frigateBase.length + 1).split("/");
    if (first === undefined || first === "") return undefined;
    if (rest.length === 0) return { source: "frigate", device: FRIGATE_DEFAULT_BASE, kind: first };
    return { source: "frigate", device: first, kind: rest.join("/") };
  }
  return undefined;
}

/** The raw topic filters each source is read from (subscribed once, when a first domain follows the source). */
const SOURCE_FILTERS: Record<DeviceSource, readonly string[]> = {
  tasmota: [`${TASMOTA_TELE}/#`, `${TASMOTA_STAT}/#`, `${TASMOTA_DISCOVERY}/#`],
  zigbee2mqtt: [`${ZIGBEE2MQTT_BASE}/#`],
  owntracks: [`${OWNTRACKS_BASE}/#`],
  frigate: [`${FRIGATE_DEFAULT_BASE}/#`],
};

type RawListener = (topic: string, payload: Buffer) => void;
type Listener = { filter: DeviceEventFilter; handler: (event: DeviceEvent) => void };

/**
 * A source's translator: one device message in, its typed translation out (bridge/tasmota.ts,
 * bridge/zigbee2mqtt.ts, bridge/shutter.ts). Pure but for what it remembers of earlier messages;
 * never throws. It sees every message of its source, the guards not applied, so it reports what it refuses.
 */
export type DeviceTranslator<T> = (event: DeviceEvent, receivedAt: Date) => T;

/** A {@link DeviceEvent} whose text and JSON are read on first use. */
class RoutedEvent implements DeviceEvent {
  private textValue: string | undefined;
  private jsonValue: JsonObject | undefined | null = null;

  constructor(
    readonly source: DeviceSource,
    readonly device: string,
    readonly kind: string,
    readonly topic: string,
    readonly raw: Buffer,
  ) {}

  get text(): string {
    this.textValue ??= this.raw.toString("utf8");
    return this.textValue;
  }

  get json(): JsonObject | undefined {
    if (this.jsonValue === null) this.jsonValue = parseJsonObject(this.raw);
    return this.jsonValue;
  }

  get value(): unknown {
    return parseJsonValue(this.raw);
  }
}

/**
 * One message of `source` as a {@link DeviceEvent}, the guards not applied: what translators see
 * ({@link DeviceRouter.translate}). A topic of no known shape for the source (`tele/<t>/a/b`) has
 * an empty `device` and `kind`.
 */
export function deviceEvent(
  source: DeviceSource,
  topic: string,
  payload: Buffer,
  frigateBase: string = FRIGATE_DEFAULT_BASE,
): DeviceEvent {
  const address = deviceAddress(topic, frigateBase);
  return address?.source === source
    ? new RoutedEvent(source, address.device, address.kind, topic, payload)
    : new RoutedEvent(source, "", "", topic, payload);
}

/**
 * The hub's one reader of device MQTT: subscribes to each source's raw topics once on `link`
 * (Tasmota `tele/#` + `stat/#` + `tasmota/discovery/#`, `zigbee2mqtt/#`, `owntracks/#`), applies the guards once (payload
 * at most MAX_PAYLOAD_BYTES except Zigbee2MQTT's `bridge/…`, a device name safe as one topic segment: guards.isSafeDeviceName, JSON
 * depth: guards.parseJsonObject) and hands each message as one {@link DeviceEvent} to the domains
 * whose filter it matches, in the order they registered. The JSON payload is parsed at most once
 * however many domains read it. A domain's handler that throws is logged and does not stop the others.
 * Translators ({@link translate}: the bridge's, which count refused input in the bridge stats) see
 * every message of their source as a typed event, guards failed or not; raw listeners ({@link onRaw})
 * see the topic and the same payload Buffer.
 */
export class DeviceRouter {
  readonly stats: DeviceRouterStats = { received: 0, refused: 0 };
  private readonly listeners: Record<DeviceSource, Listener[]> = {
    tasmota: [],
    zigbee2mqtt: [],
    owntracks: [],
    frigate: [],
  };
  private readonly rawListeners: Record<DeviceSource, RawListener[]> = {
    tasmota: [],
    zigbee2mqtt: [],
    owntracks: [],
    frigate: [],
  };
  private readonly translators: Record<DeviceSource, ((event: DeviceEvent) => void)[]> = {
    tasmota: [],
    zigbee2mqtt: [],
    owntracks: [],
    frigate: [],
  };
  private readonly subscribed = new Set<DeviceSource>();
  private readonly filters: Record<DeviceSource, readonly string[]>;
  /** Frigate's MQTT topic prefix (the household's `frigate.mqttBase`). */
  readonly frigateBase: string;

  /**
   * @param filters the raw topic filters to read a source from instead of the whole source (a domain
   *   started on its own, outside the hub, reads only its topics: `tele/+/STATE`, `zigbee2mqtt/+`…)
   * @param options.frigateBase Frigate's topic prefix (default `frigate`): the source `frigate` reads `<base>/#`
   */
  constructor(
    private readonly link: BrokerLink,
    private readonly log?: HubLogger,
    filters: Partial<Record<DeviceSource, readonly string[]>> = {},
    options: { frigateBase?: string | undefined } = {},
  ) {
    this.frigateBase = options.frigateBase ?? FRIGATE_DEFAULT_BASE;
    this.filters = { ...SOURCE_FILTERS, frigate: [`${this.frigateBase}/#`], ...filters };
  }

  /** Calls `handler` with every event that passes the guards and matches `filter`. */
  on(filter: DeviceEventFilter, handler: (event: DeviceEvent) => void): this {
    this.listeners[filter.source].push({ filter, handler });
    this.follow(filter.source);
    return this;
  }

  /** Calls `handler` with every raw message of `source` (guards not applied), before any event of it. */
  onRaw(source: DeviceSource, handler: RawListener): this {
    this.rawListeners[source].push(handler);
    this.follow(source);
    return this;
  }

  /**
   * Registers a translator of `source` (the bridge's): `handler` gets every message of the source as
   * a typed {@link DeviceEvent} ({@link deviceEvent}: guards not applied, so it can count and report
   * what it refuses), after the raw listeners and before the domains; the same event, and its one
   * JSON parse, then goes to the domains when it passes the guards.
   */
  translate(source: DeviceSource, handler: (event: DeviceEvent) => void): this {
    this.translators[source].push(handler);
    this.follow(source);
    return this;
  }

  private follow(source: DeviceSource): void {
    if (this.subscribed.has(source)) return;
    this.subscribed.add(source);
    for (const filter of this.filters[source])
      this.link.subscribe(filter, (topic, payload) => this.route(source, topic, payload));
  }

  private route(source: DeviceSource, topic: string, payload: Buffer): void {
    try {
      this.fanOut(source, topic, payload);
    } finally {
      forgetParsedPayload();
    }
  }

  private fanOut(source: DeviceSource, topic: string, payload: Buffer): void {
    this.stats.received += 1;
    for (const raw of this.rawListeners[source]) {
      try {
        raw(topic, payload);
      } catch (error) {
        this.failed(topic, error);
      }
    }
    const event = deviceEvent(source, topic, payload, this.frigateBase);
    for (const translator of this.translators[source]) {
      try {
        translator(event);
      } catch (error) {
        this.failed(topic, error);
      }
    }
    if (event.kind === "") return;
    const address = { source, device: event.device, kind: event.kind };
    if ((payload.length > MAX_PAYLOAD_BYTES && !UNCAPPED(address)) || !this.safeName(address)) {
      this.stats.refused += 1;
      return;
    }
    for (const { filter, handler } of this.listeners[source]) {
      if (filter.device !== undefined && filter.device !== address.device) continue;
      if (filter.kinds !== undefined && !filter.kinds.includes(address.kind)) continue;
      try {
        handler(event);
      } catch (error) {
        this.failed(topic, error);
      }
    }
  }

  private safeName(address: { source: DeviceSource; device: string }): boolean {
    if (address.source !== "owntracks") return isSafeDeviceName(address.device);
    return address.device.split("/").every(isSafeDeviceName);
  }

  private failed(topic: string, error: unknown): void {
    this.log?.error({ err: error, topic: topic.slice(0, 200) }, "a domain failed on a device message");
  }
}
