import { TASMOTA_CMND, TASMOTA_TELE, ZIGBEE2MQTT_BASE } from "../../contract/topics";
import { isSafeDeviceName, ownField } from "../bridge/guards";
import { DeviceRouter } from "../bridge/router";
import type { KnownDevices } from "../household/devices";
import type { BrokerLink } from "./link";

/** A command for a device that is known to be offline (Tasmota LWT `Offline`, Zigbee2MQTT availability `offline`). */
export class DeviceOfflineError extends Error {
  constructor(readonly device: string) {
    super(`${device} is offline`);
    this.name = "DeviceOfflineError";
  }
}

/** Which device a command topic addresses: Tasmota `cmnd/<t>/<Command>` or Zigbee2MQTT `zigbee2mqtt/<name>/set`. */
export function commandTarget(topic: string): { kind: "tasmota" | "zigbee2mqtt"; device: string } | null {
  const parts = topic.split("/");
  if (parts[0] === TASMOTA_CMND && parts.length === 3 && parts[1]) return { kind: "tasmota", device: parts[1] };
  if (topic.startsWith(`${ZIGBEE2MQTT_BASE}/`)) {
    const rest = topic.slice(ZIGBEE2MQTT_BASE.length + 1);
    const match = /^(.+)\/(set|get)(\/.*)?$/.exec(rest);
    if (match?.[1]) return { kind: "zigbee2mqtt", device: match[1] };
  }
  return null;
}

/**
 * What the hub knows of its devices' reachability: the last Tasmota LWT
 * (`tele/<t>/LWT` `Online`/`Offline`) and Zigbee2MQTT availability (`zigbee2mqtt/<name>/availability`,
 * JSON `{"state"}` or legacy text) of each device `known` has (others are not remembered, so made-up
 * names cannot grow it). A device never heard of counts as reachable.
 */
export class DeviceAvailability {
  private readonly offline = new Set<string>();

  constructor(private readonly known: KnownDevices) {}

  /**
   * Follows the LWT and availability messages through `router` (the hub's device router; absent =
   * one of its own on `link`).
   */
  start(
    link: BrokerLink,
    router: DeviceRouter = new DeviceRouter(link, undefined, {
      tasmota: [`${TASMOTA_TELE}/+/LWT`],
      zigbee2mqtt: [`${ZIGBEE2MQTT_BASE}/+/availability`],
    }),
  ): this {
    router.on({ source: "tasmota", kinds: ["tele/LWT"] }, (event) => {
      const text = event.text.trim();
      if (text === "Online" || text === "Offline") this.set("tasmota", event.device, text === "Online");
    });
    router.on({ source: "zigbee2mqtt", kinds: ["availability"] }, (event) => {
      const text = event.text.trim();
      const state = text === "online" || text === "offline" ? text : ownField(event.json ?? {}, "state");
      if (state === "online" || state === "offline") this.set("zigbee2mqtt", event.device, state === "online");
    });
    return this;
  }

  /** Records a device's state (tests and the subscriptions above). */
  set(kind: "tasmota" | "zigbee2mqtt", device: string, online: boolean): void {
    if (!isSafeDeviceName(device) || !this.known.isKnownDevice(kind, device)) return;
    const key = `${kind}:${device}`;
    if (online) this.offline.delete(key);
    else this.offline.add(key);
  }

  /** True when the device's last LWT / availability said offline. */
  isOffline(kind: "tasmota" | "zigbee2mqtt", device: string): boolean {
    return this.offline.has(`${kind}:${device}`);
  }

  /** True when the device a command topic addresses is known to be offline. */
  isTopicOffline(topic: string): boolean {
    const target = commandTarget(topic);
    return target !== null && this.isOffline(target.kind, target.device);
  }
}

/**
 * `link` with device commands refused for devices known offline: `publishCommand` to a Tasmota
 * `cmnd/<t>/…` or a Zigbee2MQTT `…/set` of an offline device rejects with {@link DeviceOfflineError}
 * and publishes nothing (sendDeviceCommands turns it into 409 DEVICE_UNREACHABLE). Everything else
 * goes to `link` unchanged.
 */
export function availabilityGuardedLink(link: BrokerLink, availability: DeviceAvailability): BrokerLink {
  return {
    get description() {
      return link.description;
    },
    publish: (topic, payload, options) => link.publish(topic, payload, options),
    subscribe: (filter, handler) => link.subscribe(filter, handler),
    publishCommand: async (topic, payload) => {
      const target = commandTarget(topic);
      if (target && availability.isOffline(target.kind, target.device)) throw new DeviceOfflineError(target.device);
      await link.publishCommand(topic, payload);
    },
    close: () => link.close(),
  };
}
