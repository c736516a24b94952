import { describe, expect, it } from "vitest";
import { loadHousehold } from "./load";
import { anyKnown, householdDevices, MAX_OFFERED_DEVICES, OfferedDevices } from "./devices";

describe("the devices the hub acts for", () => {
  const { household } = loadHousehold({ configPath: undefined, dataDir: "/nonexistent", demo: true });
  const known = householdDevices(household);

  it("are the demo household file's devices, by source: sensors, switches, lights, garage, IR, AC, the doorbell", () => {
    for (const name of [
      "balkon",
      "piwnica",
      "listwa",
      "grzejnik",
      "led_biuro",
      "garaz",
      "brama",
      "pilot_salon",
      "klima_salon",
    ])
      expect(known.isKnownDevice("tasmota", name), name).toBe(true);
    for (const name of [
      "czujnik_ogrod",
      "drzwi_wejsciowe",
      "lampa_sypialnia",
      "kinkiety_korytarz",
      "kinkiety_korytarz_l1",
      "dzwonek_brama",
    ])
      expect(known.isKnownDevice("zigbee2mqtt", name), name).toBe(true);
    expect(known.isKnownDevice("zigbee2mqtt", "balkon")).toBe(false);
    expect(known.isKnownDevice("tasmota", "drzwi_wejsciowe")).toBe(false);
    expect(known.isKnownDevice("zigbee2mqtt", "made_up_0")).toBe(false);
  });

  it("take devices offered by another part of the hub, at most MAX_OFFERED_DEVICES, replaced as a whole", () => {
    const offered = new OfferedDevices("zigbee2mqtt");
    const all = anyKnown(known, offered);
    expect(offered.offer(Array.from({ length: MAX_OFFERED_DEVICES + 10 }, (_, i) => `bulb_${i}`))).toBe(10);
    expect(all.isKnownDevice("zigbee2mqtt", "bulb_0")).toBe(true);
    expect(all.isKnownDevice("zigbee2mqtt", `bulb_${MAX_OFFERED_DEVICES}`)).toBe(false);
    expect(all.isKnownDevice("tasmota", "bulb_0")).toBe(false);
    offered.offer(["hue"]);
    expect(all.isKnownDevice("zigbee2mqtt", "bulb_0")).toBe(false);
    expect(all.isKnownDevice("zigbee2mqtt", "hue")).toBe(true);
    expect(all.isKnownDevice("zigbee2mqtt", "salon")).toBe(true);
  });
});
