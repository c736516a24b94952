import { TASMOTA_STAT, TASMOTA_TELE, ZIGBEE2MQTT_BASE } from "../../contract/topics";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { BrokerLimits } from "../broker/limits";
import { anyKnown, type KnownDevices } from "../household/devices";
import type { Household, Sensor } from "../household/schema";
import { buildBridgeIndex } from "./bridge-index";
import { RepublishGate } from "./republish";
import { DeviceRouter, type DeviceTranslator } from "./router";
import { createShutterBridge } from "./shutter";
import { createAcBridge } from "../climate/ac-bridge";
import type { BridgeStats } from "./stats";
import { translateTasmota } from "./tasmota";
import type { Translation } from "./types";
import { translateZigbee2Mqtt } from "./zigbee2mqtt";

/** Device topic filters the bridge subscribes to. */
export const BRIDGE_TOPIC_FILTERS = [`${TASMOTA_TELE}/#`, `${TASMOTA_STAT}/#`, `${ZIGBEE2MQTT_BASE}/#`] as const;

/** What the bridge republishes for: the devices it knows, and the retained limits in force (the broker's). */
export interface BridgeOptions {
  known: KnownDevices;
  limits: Pick<BrokerLimits, "maxRetainedPerClient" | "maxRetainedTotal">;
  /** The hub's device router the bridge reads through; absent = a router of its own on `link`. */
  router?: DeviceRouter;
}

/** The bridge's counters, and where the sensors of adopted devices are handed to it. */
export interface Bridge {
  stats: BridgeStats;
  /**
   * Replaces the sensors of adopted devices (hub/devices/uses/sensors.ts), read from their next
   * message on like the household file's (same `sensor/<kind>/<place>` readings); their devices are
   * known to the bridge from then on (republished within the retained limits).
   */
  adoptSensors(sensors: readonly Sensor[]): void;
}

/**
 * Starts the device bridge on `link`: reads Tasmota and Zigbee2MQTT messages through the device
 * router (bridge/router.ts: one subscription, one JSON parse per message), publishes the
 * translated namespace messages retained (QoS 0), only for `known` devices and within the retained
 * limits (RepublishGate, bridge/republish.ts), and keeps counters. Returns the live stats object.
 * Handler errors are caught and counted as dropped, never thrown into the broker.
 */
export function startBridge(link: BrokerLink, household: Household, log: HubLogger, options: BridgeOptions): Bridge {
  let index = buildBridgeIndex(household);
  let adopted: { tasmota: ReadonlySet<string>; zigbee2mqtt: ReadonlySet<string> } = {
    tasmota: new Set(),
    zigbee2mqtt: new Set(),
  };
  const adoptedKnown: KnownDevices = { isKnownDevice: (source, name) => adopted[source].has(name) };
  const gate = new RepublishGate(anyKnown(options.known, adoptedKnown), log, options.limits);
  const stats: BridgeStats = {
    received: 0,
    published: 0,
    dropped: 0,
    ignored: 0,
    get unknownDevice() {
      return gate.unknownDevice;
    },
    retainedLimits: gate.limitStats,
  };
  const apply = (topic: string, result: Translation) => {
    const messages = gate.admit(topic, result.messages);
    for (const message of messages) link.publish(message.topic, message.payload, { retain: true, qos: 0 });
    stats.published += messages.length;
    stats.dropped += result.dropped.length;
    stats.ignored += result.ignored.length;
    for (const reason of result.dropped) log.debug({ topic: topic.slice(0, 200), reason }, "bridge dropped input");
  };
  // Each source's translators (router.ts DeviceTranslator): one typed event in, namespace messages out.
  const onBridge = (bridgeTopic: string) => log.debug({ topic: bridgeTopic }, "zigbee2mqtt bridge message");
  const translators: Record<"tasmota" | "zigbee2mqtt", readonly DeviceTranslator<Translation>[]> = {
    tasmota: [
      (event, at) => translateTasmota(index, event, at),
      createShutterBridge(household),
      createAcBridge(household),
    ],
    zigbee2mqtt: [(event, at) => translateZigbee2Mqtt(index, event, at, onBridge)],
  };
  const router = options.router ?? new DeviceRouter(link, log);
  for (const source of ["tasmota", "zigbee2mqtt"] as const)
    router.translate(source, (event) => {
      stats.received += 1;
      try {
        const at = new Date();
        const results = translators[source].map((translate) => translate(event, at));
        apply(event.topic, {
          messages: results.flatMap((result) => result.messages),
          dropped: results.flatMap((result) => result.dropped),
          ignored: results.flatMap((result) => result.ignored),
        });
      } catch (error) {
        stats.dropped += 1;
        log.error({ err: error, topic: event.topic.slice(0, 200) }, "bridge failed on a message");
      }
    });
  const adoptSensors = (sensors: readonly Sensor[]) => {
    index = buildBridgeIndex(household, sensors);
    adopted = {
      tasmota: new Set(sensors.flatMap((sensor) => (sensor.source.type === "tasmota" ? [sensor.source.device] : []))),
      zigbee2mqtt: new Set(
        sensors.flatMap((sensor) => (sensor.source.type === "zigbee2mqtt" ? [sensor.source.device] : [])),
      ),
    };
  };
  return { stats, adoptSensors };
}
