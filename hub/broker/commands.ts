import { HubError } from "../core/errors";
import { DeviceOfflineError } from "./availability";
import { BrokerLinkDownError, type BrokerLink } from "./link";

/** One device command: a topic and its payload (sent QoS 1, never retained). */
export type DeviceCommand = { topic: string; payload: string };

/**
 * Sends device commands now, in order, through {@link BrokerLink.publishCommand} (DESIGN.md §5:
 * never queued, never replayed). The one way device commands are sent, called only by the
 * capability path (devices/commands.ts DeviceCommands: switches, lights, garage, the heater's relay,
 * IR, AC and the Tasmota console).
 * @throws HubError DEVICE_UNREACHABLE (409) when the broker link is down or did not take a command,
 *   or the device is known offline (a link from availabilityGuardedLink: LWT Offline, Zigbee2MQTT
 *   availability offline; nothing is published); the commands after it are not sent.
 */
export async function sendDeviceCommands(link: BrokerLink, commands: readonly DeviceCommand[]): Promise<void> {
  try {
    for (const { topic, payload } of commands) await link.publishCommand(topic, payload);
  } catch (error) {
    if (error instanceof DeviceOfflineError)
      throw new HubError("DEVICE_UNREACHABLE", `the device ${error.device} is offline: nothing was sent`);
    if (error instanceof BrokerLinkDownError)
      throw new HubError("DEVICE_UNREACHABLE", `the command did not reach the broker: ${error.message}`);
    throw error;
  }
}
