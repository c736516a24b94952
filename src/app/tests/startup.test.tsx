import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../../platform/auth/atoms";
import { preferencesAtom } from "../../platform/preferences/atoms";
import { configAtom } from "../../platform/config";
import { SessionResources } from "../../platform/fetching";
import { liveConnectionStateAtom } from "../../platform/live/atoms";
import { LIVE_CLIENT_ID_KEY, liveClientIdAtom } from "../../platform/live/clientId";
import { switchesAtom } from "../../features/switches/atoms";
import { DEFAULT_API_BASES } from "../../lib/api/bases";
import { createApiClients } from "../api";
import { createAppRouter } from "../router";
import { SessionGate } from "../SessionGate";
import { SESSION_RESOURCES } from "../sessionResources";
import { startSessionData } from "../startup";
import { createAppStore } from "../store";
import { renderWithApp } from "../../test/render";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Route = { status: number; body: unknown };

/** A fetch answering by "METHOD /path"; each key may list answers consumed in order (last one repeats). */
function tableFetch(table: Record<string, Route | Route[]>) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(key);
    const entry = table[key];
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!answer) return new Response(JSON.stringify({ code: "NOT_FOUND", message: key }), { status: 404 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetchImpl, calls };
}

const bases = { ...DEFAULT_API_BASES, auth: "http://hub.test/api/auth/v1", general: "http://hub.test/api/v2" };
const CONFIG = {
  item: { mqttConnectionString: "ws://hub.test/mqtt", switchesList: [{ name: "Salon", items: ["lamp/1"] }] },
};

describe("start-up of a logged-in session (spec §4, §7)", () => {
  it("loads preferences, config and switches through the session's loader, then starts the live channel on config's URL", async () => {
    const store = createAppStore();
    const { fetchImpl } = tableFetch({
      "GET /api/auth/v1/preferences": { status: 200, body: { item: { appUi: "car" } } },
      "GET /api/v2/config": { status: 200, body: CONFIG },
      "GET /api/v2/config/switches": {
        status: 200,
        body: { items: [{ name: "lamp", label: "Lampa", purpose: null }] },
      },
    });
    const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
    const startLive = vi.fn(() => () => undefined);
    const onPreferences = vi.fn();
    const session = startSessionData(store, api.auth, { startLive, onPreferences });
    renderWithApp(<SessionResources resources={SESSION_RESOURCES} api={api} onLoaded={session.loaded} />, store);
    await vi.waitFor(() =>
      expect(startLive).toHaveBeenCalledWith(
        store,
        "ws://hub.test/mqtt",
        expect.objectContaining({ take: expect.any(Function) }),
      ),
    );
    await vi.waitFor(() => expect(store.get(switchesAtom)).toHaveLength(1));
    await vi.waitFor(() => expect(onPreferences).toHaveBeenCalled());
    expect(store.get(preferencesAtom).appUi).toBe("car");
    expect(store.get(configAtom)?.switchesList[0]?.items).toEqual(["lamp/1"]);
    session.stop();
  });

  it("retries a config fetch that failed with a server error 5000 ms later, and stops the live channel on stop", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const store = createAppStore();
    const { fetchImpl, calls } = tableFetch({
      "GET /api/auth/v1/preferences": { status: 200, body: { item: {} } },
      "GET /api/v2/config": [
        { status: 503, body: { code: "INTERNAL", message: "x" } },
        { status: 200, body: CONFIG },
      ],
      "GET /api/v2/config/switches": { status: 200, body: { items: [] } },
    });
    const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
    const stopLive = vi.fn();
    const startLive = vi.fn(() => stopLive);
    const onError = vi.fn();
    const session = startSessionData(store, api.auth, { startLive });
    renderWithApp(
      <SessionResources resources={SESSION_RESOURCES} api={api} onLoaded={session.loaded} onError={onError} />,
      store,
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(startLive).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: "config" }), expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(startLive).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call === "GET /api/v2/config")).toHaveLength(2);
    session.stop();
    expect(stopLive).toHaveBeenCalledTimes(1);
  });

  it("a session locked from another device: the hub naming it on the live channel, or closing the live connection, validates it and locks the app", async () => {
    for (const trigger of ["announcement", "closed connection"] as const) {
      const store = createAppStore();
      store.set(sessionAtom, { status: "loggedIn", login: "demo" });
      const { fetchImpl, calls } = tableFetch({
        "GET /api/auth/v1/preferences": { status: 200, body: { item: {} } },
        "GET /api/v2/config": { status: 200, body: CONFIG },
        "GET /api/v2/config/switches": { status: 200, body: { items: [] } },
        "POST /api/auth/v1/session/validate": { status: 403, body: { code: "AUTH_SESSION_LOCKED", message: "locked" } },
      });
      const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
      let take: ((topic: string, payload: Uint8Array) => boolean) | undefined;
      const startLive = vi.fn(
        (_store: unknown, _url: string, options?: { take?: (topic: string, payload: Uint8Array) => boolean }) => {
          take = options?.take;
          return () => undefined;
        },
      );
      const session = startSessionData(store, api.auth, { startLive });
      renderWithApp(<SessionResources resources={SESSION_RESOURCES} api={api} onLoaded={session.loaded} />, store);
      await vi.waitFor(() => expect(take).toBeDefined());
      expect(take!("sensor/temp/balcony", new Uint8Array())).toBe(false);
      if (trigger === "announcement")
        expect(take!("session/Ab-_9/ended", new TextEncoder().encode('{"reason":"locked"}'))).toBe(true);
      else store.set(liveConnectionStateAtom, "close");
      await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
      expect(calls.filter((call) => call === "POST /api/auth/v1/session/validate")).toHaveLength(1);
      session.stop();
    }
  });

  it("locks the session and shows the PIN screen when any API call answers AUTH_SESSION_LOCKED", async () => {
    const store = createAppStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    const { fetchImpl } = tableFetch({
      "GET /api/v2/config/switches": { status: 403, body: { code: "AUTH_SESSION_LOCKED", message: "locked" } },
    });
    const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
    const context = { store, api, notify: vi.fn() };
    const router = createAppRouter(context);
    renderWithApp(<SessionGate router={router} context={context} reload={vi.fn()} />, store);
    await act(async () => {
      await api.general.get("/config/switches").catch(() => undefined);
    });
    expect(store.get(sessionAtom)).toEqual({ status: "locked" });
    expect(screen.getByRole("button", { name: "Dotknij, aby rozpocząć." })).toBeTruthy();
  });

  it("shows 'Autologowanie nieudane' with status code and text when validation fails otherwise", async () => {
    const store = createAppStore();
    store.set(sessionAtom, { status: "error", httpStatus: 500, statusText: "Internal Server Error" });
    const { fetchImpl } = tableFetch({});
    const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
    const context = { store, api, notify: vi.fn() };
    renderWithApp(<SessionGate router={createAppRouter(context)} context={context} />, store);
    expect(screen.getByText("Autologowanie nieudane")).toBeTruthy();
    expect(screen.getByText("500 Internal Server Error")).toBeTruthy();
  });
  it("connects with the stored MQTT client id, and again with a new one when it changes (a panel's command channel)", async () => {
    localStorage.setItem(LIVE_CLIENT_ID_KEY, "c-00000000000000000000000000000001");
    const store = createAppStore();
    const { fetchImpl } = tableFetch({
      "GET /api/auth/v1/preferences": { status: 200, body: { item: {} } },
      "GET /api/v2/config": { status: 200, body: CONFIG },
      "GET /api/v2/config/switches": { status: 200, body: { items: [] } },
    });
    const api = createApiClients(store, bases, { fetch: fetchImpl, retry: 0 });
    const stops: string[] = [];
    const startLive = vi.fn((_store: unknown, _url: string, options?: { clientId?: string }) => () => {
      stops.push(options?.clientId ?? "random");
    });
    const session = startSessionData(store, api.auth, { startLive });
    renderWithApp(<SessionResources resources={SESSION_RESOURCES} api={api} onLoaded={session.loaded} />, store);
    await vi.waitFor(() => expect(startLive).toHaveBeenCalledTimes(1));
    expect(startLive.mock.calls[0]?.[2]).toMatchObject({ clientId: "c-00000000000000000000000000000001" });

    // The registration hands a new channel: the old connection is closed and a new one opened with it.
    act(() => store.set(liveClientIdAtom, "c-00000000000000000000000000000002"));
    expect(stops).toEqual(["c-00000000000000000000000000000001"]);
    expect(startLive).toHaveBeenCalledTimes(2);
    expect(startLive.mock.calls[1]?.[2]).toMatchObject({ clientId: "c-00000000000000000000000000000002" });
    expect(localStorage.getItem(LIVE_CLIENT_ID_KEY)).toBe("c-00000000000000000000000000000002");
    // The same id again changes nothing; none (the embedded broker) reconnects with a random one.
    act(() => store.set(liveClientIdAtom, "c-00000000000000000000000000000002"));
    expect(startLive).toHaveBeenCalledTimes(2);
    act(() => store.set(liveClientIdAtom, null));
    expect(startLive).toHaveBeenCalledTimes(3);
    expect(startLive.mock.calls[2]?.[2]).not.toHaveProperty("clientId");
    expect(localStorage.getItem(LIVE_CLIENT_ID_KEY)).toBeNull();
    session.stop();
    expect(stops).toEqual(["c-00000000000000000000000000000001", "c-00000000000000000000000000000002", "random"]);
  });
});
