import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestStore, renderWithApp } from "../../test/render";
import { sessionAtom } from "../auth/atoms";
import { liveValueAtom } from "../live/atoms";
import { serverReachableAtom } from "../offline/atoms";
import { gateCause, useCommandGate, type CommandGate, type GateTarget } from "./gate";
import { commandPendingAtom } from "./pending";

/** Renders a probe that records the gate's answer for `target`; returns the store and the latest answer. */
function probe(target: GateTarget) {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const seen: { gate: CommandGate | null } = { gate: null };
  function Probe() {
    seen.gate = useCommandGate(target);
    return (
      <button disabled={seen.gate.disabled} title={seen.gate.reason ?? undefined}>
        go
      </button>
    );
  }
  renderWithApp(<Probe />, store);
  return { store, now: () => seen.gate as CommandGate };
}

const deviceOffline = (state: "online" | "offline") => ({ value: { state }, receivedAt: Date.now() });

describe("useCommandGate", () => {
  it("lets a control act when online, unlocked, the device not offline and nothing pending", () => {
    const { now } = probe({ device: "lamp", key: "switch:lamp" });
    expect(now()).toEqual({ disabled: false, pending: false, cause: null, reason: null, unavailable: false });
  });

  it("offline: disabled with 'Brak połączenia: nic nie zostanie wysłane.'", () => {
    const { store, now } = probe({});
    act(() => store.set(serverReachableAtom, false));
    expect(now()).toMatchObject({
      disabled: true,
      cause: "offline",
      reason: "Brak połączenia: nic nie zostanie wysłane.",
    });
  });

  it("locked: disabled with the lock's sentence, unless the control works while locked", () => {
    const { store, now } = probe({});
    act(() => store.set(sessionAtom, { status: "locked" }));
    expect(now()).toMatchObject({
      disabled: true,
      cause: "locked",
      reason: "Sesja zablokowana: najpierw odblokuj ją PIN-em.",
    });
    const open = probe({ allowedWhileLocked: true });
    act(() => open.store.set(sessionAtom, { status: "locked" }));
    expect(open.now()).toMatchObject({ disabled: false, cause: null });
  });

  it("device unavailable: disabled while availability/<device> says offline; unknown or online is available", () => {
    const { store, now } = probe({ device: "lamp" });
    expect(now().disabled).toBe(false);
    act(() => store.set(liveValueAtom("availability/lamp"), deviceOffline("offline")));
    expect(now()).toMatchObject({
      disabled: true,
      cause: "unavailable",
      reason: "Urządzenie jest niedostępne.",
      unavailable: true,
    });
    act(() => store.set(liveValueAtom("availability/lamp"), deviceOffline("online")));
    expect(now()).toMatchObject({ disabled: false, unavailable: false });
    act(() => store.set(liveValueAtom("availability/other"), deviceOffline("offline")));
    expect(now().disabled).toBe(false);
  });

  it("device unavailable: disabled while the caller says the registry has the device offline (deviceOffline)", () => {
    const { now } = probe({ deviceOffline: true, key: "device:zigbee2mqtt:Kitchen plug/state" });
    expect(now()).toMatchObject({
      disabled: true,
      cause: "unavailable",
      reason: "Urządzenie jest niedostępne.",
      unavailable: true,
    });
  });

  it("pending: disabled with 'Wysyłanie…' while the key's command is on its way, or only marked when pending does not disable", () => {
    const { store, now } = probe({ key: "switch:lamp" });
    act(() => store.set(commandPendingAtom("switch:lamp"), true));
    expect(now()).toMatchObject({ disabled: true, pending: true, cause: "pending", reason: "Wysyłanie…" });
    const marked = probe({ key: "switch:lamp", pendingDisables: false });
    act(() => marked.store.set(commandPendingAtom("switch:lamp"), true));
    expect(marked.now()).toMatchObject({ disabled: false, pending: true, cause: null, reason: null });
    act(() => marked.store.set(commandPendingAtom("switch:lamp"), false));
    expect(marked.now().pending).toBe(false);
  });

  it("says the first cause in the order offline > locked > unavailable > pending", () => {
    const { store, now } = probe({ device: "lamp", key: "switch:lamp" });
    act(() => {
      store.set(commandPendingAtom("switch:lamp"), true);
      store.set(liveValueAtom("availability/lamp"), deviceOffline("offline"));
      store.set(sessionAtom, { status: "locked" });
      store.set(serverReachableAtom, false);
    });
    expect(now()).toMatchObject({ cause: "offline", pending: true, unavailable: true });
    act(() => store.set(serverReachableAtom, true));
    expect(now().cause).toBe("locked");
    act(() => store.set(sessionAtom, { status: "loggedIn", login: "demo" }));
    expect(now().cause).toBe("unavailable");
    act(() => store.set(liveValueAtom("availability/lamp"), deviceOffline("online")));
    expect(now().cause).toBe("pending");
    act(() => store.set(commandPendingAtom("switch:lamp"), false));
    expect(now().cause).toBeNull();
  });

  it("gateCause is the same order as a pure function", () => {
    const all = { offline: true, locked: true, unavailable: true, pending: true, pendingDisables: true };
    expect(gateCause(all)).toBe("offline");
    expect(gateCause({ ...all, offline: false })).toBe("locked");
    expect(gateCause({ ...all, offline: false, locked: false })).toBe("unavailable");
    expect(gateCause({ ...all, offline: false, locked: false, unavailable: false })).toBe("pending");
    expect(gateCause({ ...all, offline: false, locked: false, unavailable: false, pendingDisables: false })).toBeNull();
  });

  it("the English reasons exist for every cause", async () => {
    const { en } = await import("./i18n/en");
    expect(en.commands.gate).toEqual({
      offline: "No connection: nothing will be sent.",
      unavailable: "The device is unavailable.",
      pending: "Sending…",
    });
  });
});
