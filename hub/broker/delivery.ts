/**
 * Delivery without Aedes' per-client "dedupe" (DESIGN.md §6 "live delivery": every message the
 * bridge publishes reaches a `#` subscriber).
 *
 * Why: Aedes 1.x numbers each publish with a broker-wide `brokerCounter` when `publish()` is
 * called, and drops a delivery to a client whose counter is not above the highest one already
 * forwarded to that client (`lib/client.js`, `dedupe`). That only holds if packets reach every
 * client in counter order, and they do not: a retained publish is emitted only after the
 * persistence has stored it (a promise, so a later tick), while a non-retained one is emitted at
 * once. The bridge publishes retained `sensor/...` readings from inside the delivery of a
 * device's non-retained `tele/<t>/SENSOR`; the next device message of the same round, numbered
 * later but emitted first, raises the client's high-water mark, and every reading is then
 * dropped for any client whose subscriptions match both the device topics and `sensor/...`,
 * such as the dashboard's `#` (moscajs/aedes#955 and #994).
 *
 * The dedupe exists only to collapse overlapping subscriptions of one client (`a/#` and `a/b`).
 * MQTT 3.1.1 §3.3.5 lets a server deliver one copy per matching subscription, and Mosquitto 2
 * does exactly that (its `allow_duplicate_messages` became the default), so the embedded broker
 * now behaves like the Mosquitto a household may run instead: no delivery is ever dropped. The
 * dashboard subscribes to `#` alone, and its ingest skips identical payloads anyway.
 */

/** The part of an Aedes client this module touches (`duplicates` is Aedes' per-client high-water map). */
export interface DedupeTarget {
  duplicates: Record<string, number>;
}

/** A map that never remembers: reads answer undefined (so `(undefined || 0) < counter` forwards), writes are ignored. */
const FORGETFUL: Record<string, number> = new Proxy(Object.create(null) as Record<string, number>, {
  get: () => undefined,
  set: () => true,
  defineProperty: () => true,
  deleteProperty: () => true,
});

/**
 * Turns off Aedes' counter-based dedupe for one client, before it subscribes (call it from
 * Aedes' `preConnect`). Throws if the client has no `duplicates` map, so an Aedes upgrade that
 * changes the mechanism fails loudly in the tests instead of silently losing messages again.
 */
export function deliverEveryMessage(client: unknown): void {
  if (
    typeof client !== "object" ||
    client === null ||
    !("duplicates" in client) ||
    typeof client.duplicates !== "object"
  ) {
    throw new Error("Aedes client has no 'duplicates' map: check hub/broker/delivery.ts against this Aedes version");
  }
  (client as DedupeTarget).duplicates = FORGETFUL;
}
