import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Device } from "../../../contract/devices";
import type { Db } from "../../core/db";
import { openDb } from "../../domains";
import { tempDir } from "../../testing/harness";
import { DeviceRegistry } from "../registry";
import type { AdoptionChange } from "./source";
import { AdoptionStore } from "./store";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function database(): Db {
  const dir = tempDir("adoption-store-");
  const db = openDb(dir);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => db.close());
  return db;
}

/** Emits a registry change of a kind the registry may add (`renamed`), as the registry emits its own. */
function emitRenamed(registry: DeviceRegistry, device: Device, from: string): void {
  (registry as unknown as { emit(change: unknown): void }).emit({ kind: "renamed", device, from });
}

describe("the adoption store, as the domains read it", () => {
  it("tells listeners each adoption change and the hub once per write; an import is one write", () => {
    const registry = new DeviceRegistry();
    registry.add("zigbee2mqtt", "plug");
    let changed = 0;
    const store = new AdoptionStore(database(), registry, { onChanged: () => (changed += 1) });
    const changes: AdoptionChange[] = [];
    store.onChange((change) => changes.push(change));

    store.put("zigbee2mqtt:plug", { show: "home", hidden: false, use: { as: "switch", name: "plug" } });
    store.markSeen("zigbee2mqtt:plug");
    store.markSeen("zigbee2mqtt:plug");
    store.replaceAll({ "zigbee2mqtt:other": { show: "car", hidden: false } });
    expect(store.remove("zigbee2mqtt:plug")).toBe(false);
    expect(changed).toBe(3);
    expect(changes).toEqual([
      { id: "zigbee2mqtt:plug", adoption: { show: "home", hidden: false, use: { as: "switch", name: "plug" } } },
      { id: "zigbee2mqtt:plug", adoption: null },
      { id: "zigbee2mqtt:other", adoption: { show: "car", hidden: false } },
    ]);
    expect([...store.all().keys()]).toEqual(["zigbee2mqtt:other"]);
  });

  it("a renamed device takes its adoption and first-seen time to its new id", () => {
    const registry = new DeviceRegistry();
    const old = registry.add("zigbee2mqtt", "0x00158d0001");
    if (!old) throw new Error("not added");
    let changed = 0;
    const store = new AdoptionStore(database(), registry, {
      onChanged: () => (changed += 1),
      now: () => new Date("2026-11-27T08:00:00.000Z"),
    });
    store.put(old.id, { label: "Kitchen plug", show: "home", hidden: false });
    store.markSeen(old.id);
    const changes: AdoptionChange[] = [];
    store.onChange((change) => changes.push(change));

    registry.remove(old.id);
    const renamed = { ...old, id: "zigbee2mqtt:Kitchen plug", name: "Kitchen plug" };
    emitRenamed(registry, renamed, old.id);

    expect(store.get(old.id)).toBeUndefined();
    expect(store.get(renamed.id)).toEqual({ label: "Kitchen plug", show: "home", hidden: false });
    expect(store.listed(renamed)).toMatchObject({ firstSeen: "2026-11-27T08:00:00.000Z", seen: true });
    expect(changes.map((change) => change.id)).toEqual([old.id, renamed.id]);
    expect(changed).toBe(3);
  });
});
