import { describe, expect, it, vi } from "vitest";
import { createStore } from "jotai";
import { createApiClient } from "../../lib/api/client";
import { sessionAtom, sessionErrorCodeAtom } from "./atoms";
import { createSessionWatch } from "./sessionWatch";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const locked = () => answer(403, { code: "AUTH_SESSION_LOCKED", message: "Session locked" });
const valid = (hash: string) => () => answer(200, { item: { login: "demo", hash } });

/** A logged-in app's store and an auth client whose answers the test gives, wired as the app wires them (src/app/api.ts). */
function setUp(respond: () => Response | Promise<Response>) {
  const store = createStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(respond()));
  const auth = createApiClient({
    baseUrl: "http://127.0.0.1:9/api/auth/v1",
    fetch,
    retry: 0,
    onErrorCode: (code) => store.set(sessionErrorCodeAtom, code),
  });
  let clock = 0;
  const watch = createSessionWatch(auth, { now: () => clock });
  return { store, fetch, watch, advance: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the session watch (spec §4: a session locked elsewhere shows the PIN screen)", () => {
  it("a live connection the hub closed validates the session at once; AUTH_SESSION_LOCKED locks it", async () => {
    const { store, fetch, watch } = setUp(locked);
    watch.liveState("connect");
    expect(fetch).not.toHaveBeenCalled();
    watch.liveState("close");
    await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0]![0] as Request).url).toMatch(/\/session\/validate$/);
  });

  it("while the connection stays down (reconnects refused every second) it validates at most every 5 s", async () => {
    const { fetch, watch, advance } = setUp(valid("abc"));
    for (let second = 0; second < 12; second++) {
      watch.liveState("reconnect");
      watch.liveState("close");
      await settle();
      advance(1_000);
    }
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("the hub naming this panel's session validates at once; another session's name, once its own hash is known, does not", async () => {
    let respond = valid("mine");
    const { store, fetch, watch } = setUp(() => respond());
    watch.sessionEnded("someone-else"); // its own hash not known yet: validates, and learns it
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await settle();
    watch.sessionEnded("someone-else");
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    respond = locked;
    watch.sessionEnded("mine");
    await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
  });

  it("a request while a validation runs validates again after it (the first may have passed before the lock)", async () => {
    let release: (response: Response) => void = () => undefined;
    const answers = [new Promise<Response>((resolve) => (release = resolve)), Promise.resolve(locked())];
    const { store, fetch, watch } = setUp(() => answers.shift()!);
    watch.liveState("close");
    watch.sessionEnded("mine");
    release(valid("mine")());
    await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("an unreachable hub changes nothing; after stop nothing is sent", async () => {
    const { store, fetch, watch, advance } = setUp(() => Promise.reject(new TypeError("Failed to fetch")));
    watch.liveState("error");
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await settle();
    expect(store.get(sessionAtom)).toEqual({ status: "loggedIn", login: "demo" });
    watch.stop();
    advance(10_000);
    watch.liveState("close");
    watch.sessionEnded("mine");
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
