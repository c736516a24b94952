import { describe, expect, it } from "vitest";
import { relayCommands, switchPowerKey } from "./relays";

describe("the relays a household switch is", () => {
  it("a switch bound to relay 2 follows POWER2 only and its presses send POWER2, with or without a relay", () => {
    const lampka = { relay: 2 };
    expect(["POWER", "POWER1", "POWER2", "POWER3", "POWER4"].map((key) => switchPowerKey(lampka, key))).toEqual([
      null,
      null,
      "POWER2",
      null,
      null,
    ]);
    expect([...relayCommands(lampka)]).toEqual([
      [0, "POWER2"],
      [2, "POWER2"],
    ]);
  });

  it("a switch bound to relay 1 also follows a one-relay device's plain POWER, shown as POWER1 like its command", () => {
    expect(switchPowerKey({ relay: 1 }, "POWER")).toBe("POWER1");
    expect(switchPowerKey({ relay: 1 }, "POWER1")).toBe("POWER1");
    expect(relayCommands({ relay: 1 }).get(0)).toBe("POWER1");
  });

  it("a switch with no relay follows every relay of its device under the device's keys", () => {
    expect(["POWER", "POWER1", "POWER4"].map((key) => switchPowerKey({}, key))).toEqual(["POWER", "POWER1", "POWER4"]);
    expect([...relayCommands({ relays: 3 }).values()]).toEqual(["POWER", "POWER1", "POWER2", "POWER3"]);
  });
});
