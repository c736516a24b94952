import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeClient, polishTranslate, type Canned, type Recorded } from "../../test/render";
import { sessionAtom } from "../../platform/auth/atoms";
import { commandEnvAtom, commandPendingAtom } from "../../platform/commands";
import { applyLiveBatch } from "../../platform/live/apply";
import { serverReachableAtom } from "../../platform/offline/atoms";
import { SWITCH_CONFIRM_TIMEOUT_MS, switchTarget, toggleSwitchCommand } from "./commands";

/** A store as boot leaves it (logged in, commands' environment set), a toast spy, and a hub answering `answer`. */
function setup(
  answer: (request: Recorded) => Canned = () => ({
    status: 200,
    body: { item: { name: "listwa", relay: 2, command: "POWER2", state: "ON" } },
  }),
) {
  const store = createStore();
  const notify = vi.fn();
  const { client, requests } = fakeClient(answer);
  const api = { auth: client, general: client, generalV1: client, cameras: client, camerasV5: client, garage: client };
  store.set(commandEnvAtom, { api, notify, translate: polishTranslate(), store });
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const power = (topic: string, state: "ON" | "OFF") =>
    applyLiveBatch(store, new Map([[topic, { value: { state }, receivedAt: Date.now() }]]));
  return { store, notify, requests, power };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("toggleSwitchCommand (spec §3, §7 POST switch/{id}/set)", () => {
  it("two presses issued together reach the hub one at a time, on the helper queue (spec §7)", async () => {
    const arrivals: number[] = [];
    const { store, power } = setup(() => {
      arrivals.push(performance.now());
      return { status: 200, body: { item: { name: "listwa", relay: 1, command: "POWER1", state: "ON" } }, delayMs: 80 };
    });
    power("power/listwa/POWER1", "OFF");
    power("power/listwa/POWER2", "OFF");
    const first = store.set(toggleSwitchCommand, { name: "listwa", relay: 1 });
    const second = store.set(toggleSwitchCommand, { name: "listwa", relay: 2 });
    await vi.waitFor(() => expect(arrivals).toHaveLength(2));
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(70);
    power("power/listwa/POWER1", "ON");
    power("power/listwa/POWER2", "ON");
    expect([(await first).status, (await second).status]).toEqual(["done", "done"]);
  });

  it("sends ON for a relay that is off, stays pending until the device confirms on power/<name>/POWER<n>, then is done", async () => {
    const { store, requests, notify, power } = setup();
    power("power/listwa/POWER2", "OFF");
    const outcome = store.set(toggleSwitchCommand, { name: "listwa", relay: 2 });
    expect(store.get(commandPendingAtom(switchTarget({ name: "listwa", relay: 2 })))).toBe(true);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: "POST", path: "/switch/listwa/set", body: { relay: 2, state: "ON" } });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(store.get(commandPendingAtom("switch:listwa/2"))).toBe(true); // the hub's 200 is not the confirmation
    power("power/listwa/POWER2", "ON");
    for (let hop = 0; hop < 10; hop++) await Promise.resolve(); // promise hops only: no timer gets a turn
    expect(store.get(commandPendingAtom("switch:listwa/2"))).toBe(false); // at once: the command watches the state, it does not poll it
    await expect(outcome).resolves.toEqual({ status: "done", value: "ON" });
    expect(notify).not.toHaveBeenCalled();
  });

  it("sends OFF (relay 0) for a whole switch that is on", async () => {
    const { store, requests, power } = setup();
    power("power/lampa_salon/POWER", "ON");
    const outcome = store.set(toggleSwitchCommand, { name: "lampa_salon" });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ relay: 0, state: "OFF" });
    power("power/lampa_salon/POWER", "OFF");
    await expect(outcome).resolves.toEqual({ status: "done", value: "OFF" });
  });

  it("without a confirmation within 5 s clears the pending mark (the real state shows again) with 'Urządzenie nie odpowiedziało'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { store, notify, power } = setup();
    power("power/listwa/POWER2", "OFF");
    const outcome = store.set(toggleSwitchCommand, { name: "listwa", relay: 2 });
    await vi.advanceTimersByTimeAsync(SWITCH_CONFIRM_TIMEOUT_MS - 500);
    expect(store.get(commandPendingAtom("switch:listwa/2"))).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).status).toBe("failed");
    expect(store.get(commandPendingAtom("switch:listwa/2"))).toBe(false);
    expect(notify).toHaveBeenCalledWith("Urządzenie nie odpowiedziało", "error");
    warn.mockRestore();
  });

  it("the hub's DEVICE_UNREACHABLE toasts 'Urządzenie nie odpowiedziało' at once; another failure the generic text", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unreachable = setup(() => ({ status: 409, body: { code: "DEVICE_UNREACHABLE", message: "broker down" } }));
    expect((await unreachable.store.set(toggleSwitchCommand, { name: "listwa", relay: 1 })).status).toBe("failed");
    expect(unreachable.notify).toHaveBeenCalledWith("Urządzenie nie odpowiedziało", "error");
    const broken = setup(() => ({ status: 500, body: { code: "INTERNAL", message: "x" } }));
    expect((await broken.store.set(toggleSwitchCommand, { name: "listwa", relay: 1 })).status).toBe("failed");
    expect(broken.notify).toHaveBeenCalledWith("Nie udało się wykonać polecenia. Spróbuj ponownie.", "error");
    warn.mockRestore();
  });

  it("offline: refused, nothing sent, nothing pending", async () => {
    const { store, requests } = setup();
    store.set(serverReachableAtom, false);
    await expect(store.set(toggleSwitchCommand, { name: "listwa", relay: 1 })).resolves.toEqual({
      status: "refused",
      reason: "offline",
    });
    expect(requests).toHaveLength(0);
    expect(store.get(commandPendingAtom("switch:listwa/1"))).toBe(false);
  });
});
