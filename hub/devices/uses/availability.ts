import { availabilityTopic, type AvailabilityPayload } from "../../../contract/topics";
import type { BrokerLink } from "../../broker/link";
import type { DeviceRegistry } from "../registry";

/** What {@link followAvailability} answers: `refresh` after the named devices changed, `stop`. */
export interface AvailabilityFollower {
  /** Publishes the availability of every device `nameOf` names now whose last published one differs. */
  refresh(): void;
  /** Stops following the registry (nothing more is published). */
  stop(): void;
}

/**
 * Publishes `availability/<name>` `{"state":"online"|"offline"}` (retained, QoS 0, the shape the
 * bridge gives a Tasmota LWT and a Zigbee2MQTT `…/availability`) for each registry device `nameOf`
 * gives a name (the live name a spec screen's payload carries as its `device`, so the dashboard's
 * command gate disables its controls while it is offline). Taken from the registry's availability
 * (the device's own LWT or availability messages): on each registry change of a named device and on
 * {@link AvailabilityFollower.refresh}; `unknown` publishes nothing; the same state is not published twice.
 */
export function followAvailability(
  registry: DeviceRegistry,
  link: BrokerLink,
  nameOf: (id: string) => string | undefined,
): AvailabilityFollower {
  const published = new Map<string, string>();
  let stopped = false;
  const publish = (id: string) => {
    const name = nameOf(id);
    const state = registry.get(id)?.availability;
    if (stopped || name === undefined || (state !== "online" && state !== "offline")) return;
    const key = `${name}\u0000${state}`;
    if (published.get(id) === key) return;
    published.set(id, key);
    link.publish(availabilityTopic(name), JSON.stringify({ state } satisfies AvailabilityPayload), {
      retain: true,
      qos: 0,
    });
  };
  const stopRegistry = registry.onChange((change) => publish(change.device.id));
  return {
    refresh: () => {
      for (const device of registry.list()) if (nameOf(device.id) !== undefined) publish(device.id);
    },
    stop: () => {
      stopped = true;
      stopRegistry();
    },
  };
}
