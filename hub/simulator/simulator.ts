import type { BrokerLink, HubLogger } from "../broker/link";
import { demoDevices, type SimDevice } from "./devices";

/**
 * Runs the demo devices: every `intervalMs` each device publishes its native Tasmota or
 * Zigbee2MQTT payloads into the broker through `link` (the first round at once), so the demo's
 * readings travel the same bridge as a household's. `stop()` ends the timer.
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
    const commands = device.commands;
    if (!commands) continue;
    options.link.subscribe(commands.filter, (topic, payload) => {
      setTimeout(() => {
        try {
          for (const message of commands.handle(topic, payload)) options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
        } catch (error) {
          options.log.error({ err: error, device: device.name }, "simulated device failed on a command");
        }
      }, commands.delayMs).unref();
    });
  }
  round();
  const timer = setInterval(round, Math.max(50, options.intervalMs));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
