import type { DeviceSource, DeviceTranslator } from "../bridge/router";
import { deviceEvent } from "../bridge/router";

/**
 * A translator called as the router calls it, from a raw topic and payload (router.ts deviceEvent:
 * the guards not applied), for tests that feed translators messages by hand.
 */
export function byTopic<T>(
  source: DeviceSource,
  translate: DeviceTranslator<T>,
): (topic: string, payload: Buffer, receivedAt: Date) => T {
  return (topic, payload, receivedAt) => translate(deviceEvent(source, topic, payload), receivedAt);
}
