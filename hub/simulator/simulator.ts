import type { BrokerLink, HubLogger } from "../broker/link";
import { demoDevices, type SimDevice } from "./devices";

/**
 * Runs the demo devices: every `intervalMs` each device publishes its native Tasmota or
 * Zigbee2MQTT payloads into the broker through `link` (the first round at once), so the demo's
 * readings travel the same bridge as a household's. Devices that take commands (Tasmota switches)
 * subscribe to their command topics and answer them as the real device does. `stop()` ends the timer
 * (the subscriptions end with the link).
 */
export function startSimulator(options: { link: BrokerLink; intervalMs: number; log: HubLogger; devices?: SimDevice[] }): { stop(): void } {
  const devices = options.devices ?? demoDevices();
  const round = () => {
    const at = new Date();
    for (const device of devices) {
      try {
        for (const message of device.tick(at)) options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
      } catch (error) {
        options.log.error({ err: error, device: device.name }, "simulated device failed");
      }
    }
  };
  for (const device of devices) {
    if (!device.command) continue;
    const answer = device.command.bind(device);
    for (const filter of device.commandFilters ?? []) {
      options.link.subscribe(filter, (topic, payload) => {
        try {
          for (const message of answer(topic, payload.toString("utf8"), new Date())) options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
        } catch (error) {
          options.log.error({ err: error, device: device.name }, "simulated device failed on a command");
        }
      });
    }
  }
  round();
  const timer = setInterval(round, Math.max(50, options.intervalMs));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
