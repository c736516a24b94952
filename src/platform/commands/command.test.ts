import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { fakeClient, polishTranslate } from "../../test/render";
import { sessionAtom } from "../auth/atoms";
import { refusedWriteAtom, serverReachableAtom } from "../offline/atoms";
import { commandAtom } from "./command";
import { commandEnvAtom } from "./env";
import { commandPendingAtom } from "./pending";

/** A store with the commands' environment as boot sets it, a toast spy and a hub answering `status`. */
function setup(status = 200) {
  const store = createStore();
  const notify = vi.fn();
  const { client, requests } = fakeClient(() => ({
    status,
    body: status === 200 ? { item: { ok: true } } : { code: "INTERNAL", message: "x" },
  }));
  const api = { auth: client, general: client, generalV1: client, cameras: client, camerasV5: client, garage: client };
  store.set(commandEnvAtom, { api, notify, translate: polishTranslate(), store });
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const press = commandAtom<string, unknown>({
    target: (id) => `relay:${id}`,
    request: (id) => ({ method: "POST", path: `/relays/${id}` }),
    run: async ({ api: clients }, id) => (await clients.general.post(`/relays/${id}`, { json: {} })).data,
  });
  return { store, notify, requests, press };
}

describe("commandAtom (DESIGN §4a: one command pattern)", () => {
  it("sends the request, marks the target pending while it is on its way, and resolves done", async () => {
    const { store, requests, press, notify } = setup();
    const outcome = store.set(press, "lamp");
    expect(store.get(commandPendingAtom("relay:lamp"))).toBe(true);
    expect(store.get(commandPendingAtom("relay:other"))).toBe(false);
    await expect(outcome).resolves.toEqual({ status: "done", value: { item: { ok: true } } });
    expect(store.get(commandPendingAtom("relay:lamp"))).toBe(false);
    expect(requests).toMatchObject([{ method: "POST", path: "/relays/lamp" }]);
    expect(notify).not.toHaveBeenCalled();
  });

  it("refuses while offline: nothing is sent, and the offline notice is told what was refused", async () => {
    const { store, requests, press, notify } = setup();
    store.set(serverReachableAtom, false);
    await expect(store.set(press, "lamp")).resolves.toEqual({ status: "refused", reason: "offline" });
    expect(requests).toHaveLength(0);
    expect(store.get(refusedWriteAtom)).toMatchObject({ method: "POST", path: "/relays/lamp" });
    expect(store.get(commandPendingAtom("relay:lamp"))).toBe(false);
    expect(notify).not.toHaveBeenCalled();
  });

  it("refuses while the session is locked, with a toast in Polish", async () => {
    const { store, requests, press, notify } = setup();
    store.set(sessionAtom, { status: "locked" });
    await expect(store.set(press, "lamp")).resolves.toEqual({ status: "refused", reason: "locked" });
    expect(requests).toHaveLength(0);
    expect(notify).toHaveBeenCalledWith("Sesja zablokowana: najpierw odblokuj ją PIN-em.", "error");
  });

  it("refuses a second press of the same target while the first is on its way", async () => {
    const { store, requests, press } = setup();
    const first = store.set(press, "lamp");
    await expect(store.set(press, "lamp")).resolves.toEqual({ status: "refused", reason: "busy" });
    await first;
    expect(requests).toHaveLength(1);
  });

  it("on failure toasts in Polish (5 s toast, spec §9), clears the pending mark and resolves failed", async () => {
    const { store, press, notify } = setup(500);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcome = await store.set(press, "lamp");
    expect(outcome.status).toBe("failed");
    expect(notify).toHaveBeenCalledWith("Nie udało się wykonać polecenia. Spróbuj ponownie.", "error");
    expect(store.get(commandPendingAtom("relay:lamp"))).toBe(false);
    warn.mockRestore();
  });
});
