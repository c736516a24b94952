import type { BrokerLink, HubLogger } from "../broker/link";
import { ZIGBEE2MQTT_BASE } from "../../contract/topics";
import type { DeviceMessage, SimDevice } from "./devices";

const BRIDGE_DEVICES = `${ZIGBEE2MQTT_BASE}/bridge/devices`;

/**
 * One Zigbee2MQTT `bridge/devices` list of several: the entries of `lists` in order, each
 * `friendly_name` once (the first entry with it kept; entries without one kept as they are).
 */
export function joinBridgeDevices(lists: readonly (readonly unknown[])[]): unknown[] {
  const names = new Set<unknown>();
  const joined: unknown[] = [];
  for (const list of lists)
    for (const entry of list) {
      const name =
        typeof entry === "object" && entry !== null ? (entry as { friendly_name?: unknown }).friendly_name : undefined;
      if (name !== undefined && names.has(name)) continue;
      if (name !== undefined) names.add(name);
      joined.push(entry);
    }
  return joined;
}

/**
 * Runs the demo devices `devices` (the listed domains' `demo.devices`, hub/domains.ts) (the demo
 * calendar is the calendar domain's, in demo mode only: calendar/domain.ts): every `intervalMs` each device publishes its native Tasmota or Zigbee2MQTT payloads
 * into the broker through `link` (the first round at once), so the demo's readings travel the same
 * bridge as a household's. `stop()` ends the timers. Devices that take commands (Tasmota switches)
 * subscribe to their command topics and answer them as the real device does; a device's `start` gets
 * the simulator's publish for what it does between rounds. Zigbee2MQTT publishes one
 * `zigbee2mqtt/bridge/devices` list: the lists of several simulated devices (the lights', the
 * devices domain's) are joined into one ({@link joinBridgeDevices}), published where the round's
 * first list was. The devices that run on their own (the garage shutters, IP cameras) are started by
 * their domain's `demo.start`.
 */
export function startSimulator(options: {
  link: BrokerLink;
  intervalMs: number;
  log: HubLogger;
  devices: readonly SimDevice[];
}): { stop(): void } {
  const { devices } = options;
  const publish = (message: DeviceMessage) =>
    options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
  /** The last `bridge/devices` list of each simulated device that published one. */
  const lists = new Map<SimDevice, unknown[]>();
  const round = () => {
    const at = new Date();
    const out: DeviceMessage[] = [];
    let listAt = -1;
    for (const device of devices) {
      try {
        for (const message of device.tick(at)) {
          if (message.topic !== BRIDGE_DEVICES) out.push(message);
          else {
            const list: unknown = JSON.parse(message.payload);
            lists.set(device, Array.isArray(list) ? list : []);
            if (listAt < 0) listAt = out.push(message) - 1;
          }
        }
      } catch (error) {
        options.log.error({ err: error, device: device.name }, "simulated device failed");
      }
    }
    if (listAt >= 0)
      out[listAt] = {
        topic: BRIDGE_DEVICES,
        payload: JSON.stringify(joinBridgeDevices([...lists.values()])),
        retain: true,
      };
    for (const message of out) publish(message);
  };
  for (const device of devices) {
    const commands = device.commands;
    if (!commands) continue;
    options.link.subscribe(commands.filter, (topic, payload) => {
      setTimeout(() => {
        try {
          for (const message of commands.handle(topic, payload))
            options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
        } catch (error) {
          options.log.error({ err: error, device: device.name }, "simulated device failed on a command");
        }
      }, commands.delayMs).unref();
    });
  }
  for (const device of devices) {
    if (!device.command) continue;
    const answer = device.command.bind(device);
    for (const filter of device.commandFilters ?? []) {
      options.link.subscribe(filter, (topic, payload) => {
        try {
          for (const message of answer(topic, payload.toString("utf8"), new Date()))
            options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
        } catch (error) {
          options.log.error({ err: error, device: device.name }, "simulated device failed on a command");
        }
      });
    }
  }
  const stops = devices.flatMap((device) => (device.start ? [device.start(publish)] : []));
  round();
  const timer = setInterval(round, Math.max(50, options.intervalMs));
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      for (const stop of stops) stop();
    },
  };
}
