import { TASMOTA_STAT, TASMOTA_TELE, ZIGBEE2MQTT_BASE } from "../../contract/topics";
import { DEFAULT_BROKER_LIMITS, LimitKeeper, type BrokerLimits } from "../broker/limits";
import type { HubLogger } from "../broker/link";
import type { DeviceSource, KnownDevices } from "../household/devices";
import type { NamespaceMessage } from "./types";

/** Why the bridge did not republish a namespace message of a known device (GET /bridge/stats `retainedLimits`). */
export type RepublishLimit = "retained topics per device" | "retained topics in all";

/** Refusals by limit. */
export type RepublishLimitStats = Record<RepublishLimit, number>;

/** How many distinct unknown device names are logged (once each); further ones are only counted. */
const MAX_LOGGED_UNKNOWN = 100;

/**
 * The device a device topic speaks for: Tasmota `tele/<t>/…` and `stat/<t>/…` -> `<t>`; Zigbee2MQTT
 * `zigbee2mqtt/<name>` and `zigbee2mqtt/<name>/availability` -> `<name>`. Null for other topics
 * (Zigbee2MQTT's `bridge/…`, commands), which the bridge never republishes.
 */
export function deviceOfTopic(topic: string): { source: DeviceSource; name: string } | null {
  const levels = topic.split("/");
  if ((levels[0] === TASMOTA_TELE || levels[0] === TASMOTA_STAT) && levels.length === 3 && levels[1])
    return { source: "tasmota", name: levels[1] };
  if (levels[0] === ZIGBEE2MQTT_BASE && levels[1] && levels[1] !== "bridge") {
    if (levels.length === 2) return { source: "zigbee2mqtt", name: levels[1] };
    if (levels.length === 3 && levels[2] === "availability") return { source: "zigbee2mqtt", name: levels[1] };
  }
  return null;
}

/**
 * Decides what the bridge republishes (docs/contract.md "Live channel", limits): only for devices
 * `known` has (others are counted as `unknownDevice` and logged once per name), and within the
 * broker's retained limits counted on the device's behalf: at most `maxRetainedPerClient` distinct
 * retained topics per device (a Tasmota topic; the Zigbee2MQTT gateway for all its devices, as it
 * is one MQTT client) and `maxRetainedTotal` in all. A topic the device already holds is always
 * updated; a refused one is counted and logged once per device and limit. Its count is its own,
 * apart from the clients' own retained topics, so a flood of those cannot stop the household's readings.
 */
export class RepublishGate {
  /** Device messages whose device the household does not have. */
  unknownDevice = 0;
  readonly limitStats: RepublishLimitStats = { "retained topics per device": 0, "retained topics in all": 0 };
  private readonly keeper: LimitKeeper;
  private readonly loggedUnknown = new Set<string>();

  constructor(
    private readonly known: KnownDevices,
    private readonly log: HubLogger,
    limits: Pick<BrokerLimits, "maxRetainedPerClient" | "maxRetainedTotal"> = DEFAULT_BROKER_LIMITS,
  ) {
    this.keeper = new LimitKeeper(
      {
        ...DEFAULT_BROKER_LIMITS,
        maxPayloadBytes: Number.MAX_SAFE_INTEGER,
        maxRetainedPerClient: limits.maxRetainedPerClient,
        maxRetainedTotal: limits.maxRetainedTotal,
      },
      (owner, reason) =>
        log.warn(
          {
            device: owner.slice(0, 200),
            limit: reason === "retained topics in all" ? reason : "retained topics per device",
          },
          "bridge: retained limit reached, not republished (logged once per device and limit)",
        ),
    );
  }

  /**
   * The messages of one device message at `topic` that may be published: none when its device is
   * unknown, else those within the retained limits. `messages` of a topic with no device (bridge
   * topics) pass unchanged.
   */
  admit(topic: string, messages: readonly NamespaceMessage[]): NamespaceMessage[] {
    if (messages.length === 0) return [];
    const device = deviceOfTopic(topic);
    if (device === null) return [...messages];
    if (!this.known.isKnownDevice(device.source, device.name)) {
      this.unknownDevice += 1;
      if (!this.loggedUnknown.has(device.name) && this.loggedUnknown.size < MAX_LOGGED_UNKNOWN) {
        this.loggedUnknown.add(device.name);
        this.log.info(
          { source: device.source, device: device.name.slice(0, 200) },
          "bridge: device not in the household file, not republished (logged once)",
        );
      }
      return [];
    }
    const owner = device.source === "tasmota" ? `tasmota/${device.name}` : ZIGBEE2MQTT_BASE;
    return messages.filter((message) => {
      const reason = this.keeper.checkPublish(owner, {
        topic: message.topic,
        retain: true,
        payloadBytes: Buffer.byteLength(message.payload),
      });
      if (reason === null) return true;
      this.limitStats[reason === "retained topics in all" ? reason : "retained topics per device"] += 1;
      return false;
    });
  }
}
