import { TASMOTA_STAT, TASMOTA_TELE, ZIGBEE2MQTT_BASE } from "../../contract/topics";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { BrokerLimits } from "../broker/limits";
import type { KnownDevices } from "../household/devices";
import type { Household } from "../household/schema";
import { buildBridgeIndex } from "./bridge-index";
import { RepublishGate } from "./republish";
import { DeviceRouter } from "./router";
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

/**
 * Starts the device bridge on `link`: reads Tasmota and Zigbee2MQTT messages through the device
 * router (bridge/router.ts: one subscription, one JSON parse per message), publishes the
 * translated namespace messages retained (QoS 0), only for `known` devices and within the retained
 * limits (RepublishGate, bridge/republish.ts), and keeps counters. Returns the live stats object.
 * Handler errors are caught and counted as dropped, never thrown into the broker.
 */
export function startBridge(
  link: BrokerLink,
  household: Household,
  log: HubLogger,
  options: BridgeOptions,
): { stats: BridgeStats } {
  const index = buildBridgeIndex(household);
  const gate = new RepublishGate(options.known, log, options.limits);
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
  const handle =
    (translate: (topic: string, payload: Buffer, at: Date) => Translation) => (topic: string, payload: Buffer) => {
      stats.received += 1;
      try {
        apply(topic, translate(topic, payload, new Date()));
      } catch (error) {
        stats.dropped += 1;
        log.error({ err: error, topic: topic.slice(0, 200) }, "bridge failed on a message");
      }
    };
  const shutters = createShutterBridge(household);
  const acUnits = createAcBridge(household);
  const tasmota = (t: string, p: Buffer, at: Date): Translation => {
    const result = translateTasmota(index, t, p, at);
    const doors = shutters(t, p, at);
    const units = acUnits(t, p, at);
    return {
      messages: [...result.messages, ...doors.messages, ...units.messages],
      dropped: [...result.dropped, ...doors.dropped, ...units.dropped],
      ignored: result.ignored,
    };
  };
  const router = options.router ?? new DeviceRouter(link, log);
  router.onRaw("tasmota", handle(tasmota));
  router.onRaw(
    "zigbee2mqtt",
    handle((t, p, at) =>
      translateZigbee2Mqtt(index, t, p, at, (bridgeTopic) =>
        log.debug({ topic: bridgeTopic }, "zigbee2mqtt bridge message"),
      ),
    ),
  );
  return { stats };
}
