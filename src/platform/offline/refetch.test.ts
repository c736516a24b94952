import { atom, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { defineSessionResource, type SessionResource } from "../../lib/session/resource";
import { sessionRevalidatorAtom } from "../../lib/session/revalidate";
import { sessionAtom } from "../auth/atoms";
import { refetchSessionData } from "./refetch";

const resource = (name: string, refetchAfterOutage?: boolean) =>
  defineSessionResource({
    name,
    fetch: () => Promise.resolve({ data: "x", fromCache: false, fetchedAt: new Date() }),
    atom: atom("old"),
    refetchAfterOutage,
  });

describe("refetch after an outage from the one list of session resources", () => {
  it("revalidates, through the session's loader, every resource marked for it and only those", async () => {
    const store = createStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    const revalidated: string[] = [];
    store.set(sessionRevalidatorAtom, {
      revalidate: (r: SessionResource) => Promise.resolve(void revalidated.push(r.key)),
    });
    await refetchSessionData(store, [resource("config"), resource("switches"), resource("bootOnly", false)]);
    expect(revalidated).toEqual(["session/config", "session/switches"]);
  });

  it("does nothing unless logged in with the loader running, and logs a failure instead of throwing", async () => {
    const store = createStore();
    const revalidate = vi.fn(() => Promise.reject(new Error("down")));
    store.set(sessionRevalidatorAtom, { revalidate });
    await refetchSessionData(store, [resource("config")]);
    expect(revalidate).not.toHaveBeenCalled();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    store.set(sessionRevalidatorAtom, null);
    await expect(refetchSessionData(store, [resource("config")])).resolves.toBeUndefined();
    store.set(sessionRevalidatorAtom, { revalidate });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await refetchSessionData(store, [resource("config")]);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
