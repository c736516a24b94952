import type { BrokerLink, HubLogger } from "../broker/link";
import type { SimDevice } from "./devices";
import { startDemoCalendar } from "./calendar";

/**
 * Runs the demo devices `devices` (the listed domains' `demo.devices`, hub/domains.ts) and the demo
 * calendar: every `intervalMs` each device publishes its native Tasmota or Zigbee2MQTT payloads
 * into the broker through `link` (the first round at once), so the demo's readings travel the same
 * bridge as a household's. `stop()` ends the timers. Devices that take commands (Tasmota switches)
 * subscribe to their command topics and answer them as the real device does. The devices that run
 * on their own (the garage shutters, IP cameras) are started by their domain's `demo.start`.
 */
export function startSimulator(options: {
  link: BrokerLink;
  intervalMs: number;
  log: HubLogger;
  devices: readonly SimDevice[];
}): { stop(): void } {
  const { devices } = options;
  const round = () => {
    const at = new Date();
    for (const device of devices) {
      try {
        for (const message of device.tick(at))
          options.link.publish(message.topic, message.payload, { retain: message.retain, qos: 0 });
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
  const calendar = startDemoCalendar(options.link);
  round();
  const timer = setInterval(round, Math.max(50, options.intervalMs));
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      calendar.stop();
    },
  };
}
