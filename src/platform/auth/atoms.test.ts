import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { sessionAtom, sessionErrorCodeAtom, sessionLockedAtom, sessionLoginAtom } from "./atoms";

describe("session atoms (spec §3 user state, §4)", () => {
  it("starts unknown, with no login", () => {
    const store = createStore();
    expect(store.get(sessionAtom)).toEqual({ status: "unknown" });
    expect(store.get(sessionLoginAtom)).toBeNull();
  });

  it("locks when a main API answers AUTH_SESSION_LOCKED", () => {
    const store = createStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    expect(store.get(sessionLoginAtom)).toBe("demo");
    store.set(sessionErrorCodeAtom, "AUTH_SESSION_LOCKED");
    expect(store.get(sessionLockedAtom)).toBe(true);
    expect(store.get(sessionLoginAtom)).toBeNull();
  });

  it("does not notify for codes that change nothing", () => {
    const store = createStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    let notified = 0;
    store.sub(sessionAtom, () => notified++);
    store.set(sessionErrorCodeAtom, "BAD_REQUEST");
    expect(notified).toBe(0);
  });
});
