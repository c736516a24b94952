import * as v from "valibot";
import { DOORBELL_RING_TOPIC } from "../../contract/cameras";
import { tasmotaStatTopic, zigbee2mqttTopic } from "../../contract/topics";
import type { BrokerLink, HubLogger } from "../broker/link";
import { parseJsonValue } from "../bridge/guards";
import { DeviceRouter, type DeviceEventFilter } from "../bridge/router";
import type { Doorbell } from "./household";

const Zigbee2MqttActionSchema = v.looseObject({ action: v.string() });
const TasmotaButtonSchema = v.record(v.string(), v.unknown());
const TasmotaActionSchema = v.looseObject({ Action: v.string() });

/**
 * True when `payload` on the doorbell's device topic is a press: Zigbee2MQTT
 * `{"action": "<action>"}` (default `single`), or Tasmota (SetOption73 1)
 * `{"Button<n>":{"Action":"SINGLE"}}`. Anything else, malformed JSON included, is not a press.
 */
export function isDoorbellPress(doorbell: Doorbell, payload: Buffer): boolean {
  const json = parseJsonValue(payload);
  if (json === undefined) return false;
  if (doorbell.type === "zigbee2mqtt") {
    const parsed = v.safeParse(Zigbee2MqttActionSchema, json);
    return parsed.success && parsed.output.action === doorbell.action;
  }
  const parsed = v.safeParse(TasmotaButtonSchema, json);
  if (!parsed.success) return false;
  const button = v.safeParse(TasmotaActionSchema, parsed.output[`Button${doorbell.button}`]);
  return button.success && button.output.Action === "SINGLE";
}

/** The device topic the doorbell's presses arrive on. */
export function doorbellDeviceTopic(doorbell: Doorbell): string {
  return doorbell.type === "zigbee2mqtt"
    ? zigbee2mqttTopic(doorbell.device)
    : tasmotaStatTopic(doorbell.device, "RESULT");
}

/** The device events the doorbell's presses arrive as (the device router's filter of {@link doorbellDeviceTopic}). */
export function doorbellEventFilter(doorbell: Doorbell): DeviceEventFilter {
  return doorbell.type === "zigbee2mqtt"
    ? { source: "zigbee2mqtt", kinds: ["state"], device: doorbell.device }
    : { source: "tasmota", kinds: ["stat/RESULT"], device: doorbell.device };
}

/**
 * Bridges the household's doorbell button into `doorbell/ring` (DESIGN.md §3: epoch milliseconds,
 * retained, so a dashboard that connects within the 5 s freshness still sees it; spec §9). Presses
 * within 1 s of the last ring are one ring (a button's bounce). Reads the presses through `router`
 * (the hub's device router; absent = one of its own on `link`).
 */
export function startDoorbellBridge(
  link: BrokerLink,
  doorbell: Doorbell,
  log: HubLogger,
  now: () => number = Date.now,
  router: DeviceRouter = new DeviceRouter(link, log, { [doorbell.type]: [doorbellDeviceTopic(doorbell)] }),
): void {
  let last = 0;
  router.on(doorbellEventFilter(doorbell), (event) => {
    if (!isDoorbellPress(doorbell, event.raw)) return;
    const at = now();
    if (at - last < 1000) return;
    last = at;
    log.info({ device: doorbell.device }, "doorbell rang");
    link.publish(DOORBELL_RING_TOPIC, String(at), { retain: true, qos: 0 });
  });
}
