import { act, cleanup, screen } from "@testing-library/react";
import { atom } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "../../../lib/api/client";
import type { ApiClients } from "../../../lib/api/clients";
import { ApiError } from "../../../lib/api/errors";
import { defineSessionResource } from "../../../lib/session/resource";
import { sessionRevalidatorAtom } from "../../../lib/session/revalidate";
import { renderWithApp } from "../../../test/render";
import { SessionResources } from "./SessionResources";

const api = {} as ApiClients;
const HINT = "Wczytywanie trwa dłużej niż zwykle";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * A session resource whose GET the test answers: by default every call resolves at once with
 * `hub-<n>` (n = 1, 2, ... the call's number); `next` replaces how the following calls answer.
 */
function scriptedResource(name = "config") {
  const target = atom<string | null>(null);
  let answer = (n: number): Promise<ApiResult<string>> =>
    Promise.resolve({ data: `hub-${n}`, fromCache: false, fetchedAt: new Date() });
  const fetch = vi.fn(() => answer(fetch.mock.calls.length));
  const resource = defineSessionResource({ name, fetch, atom: target });
  return {
    resource,
    target,
    fetch,
    next(how: (n: number) => Promise<ApiResult<string>>) {
      answer = how;
    },
  };
}

/** Advances the fake clock by `ms` and lets the answers and re-renders it releases settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The window regains focus (the event the data-fetching library listens to). */
const focus = async () => {
  await act(async () => {
    window.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(1);
  });
};

describe("session resources through the data-fetching library (spec §9 data fetching)", () => {
  it("loads each resource once at mount into the atom its feature reads", async () => {
    const config = scriptedResource("config");
    const switches = scriptedResource("switches");
    const { store } = renderWithApp(<SessionResources resources={[config.resource, switches.resource]} api={api} />);
    await advance(0);
    expect(store.get(config.target)).toBe("hub-1");
    expect(store.get(switches.target)).toBe("hub-1");
    expect(config.fetch).toHaveBeenCalledTimes(1);
    expect(switches.fetch).toHaveBeenCalledTimes(1);
  });

  it("revalidates when the window regains focus, at most once per 5000 ms and not in the first 5000 ms", async () => {
    const config = scriptedResource();
    const { store } = renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    await advance(0);
    await advance(3000);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(1);
    await advance(2100);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(2);
    expect(store.get(config.target)).toBe("hub-2");
    await advance(4000);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(2);
    await advance(1100);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(3);
    expect(store.get(config.target)).toBe("hub-3");
  });

  it("deduplicates: a revalidation within 2000 ms of a fetch shares it instead of sending another request", async () => {
    const config = scriptedResource();
    const { store } = renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    await advance(6000);
    // The refetch after an outage (forced), then a focus 1500 ms later: served by that fetch.
    await act(async () => {
      await store.get(sessionRevalidatorAtom)?.revalidate(config.resource);
    });
    expect(config.fetch).toHaveBeenCalledTimes(2);
    await advance(1500);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(2);
    // The next focus that passes the 5000 ms throttle, past the 2000 ms window: a request of its own.
    await advance(5000);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(3);
    expect(store.get(config.target)).toBe("hub-3");
  });

  it("retries a failed GET every 5000 ms (network and server errors) until it loads", async () => {
    const config = scriptedResource();
    config.next((n) =>
      n < 3
        ? Promise.reject(new ApiError("down", { kind: n === 1 ? "network" : "server", status: 503 }))
        : Promise.resolve({ data: `hub-${n}`, fromCache: false, fetchedAt: new Date() }),
    );
    const onError = vi.fn();
    const { store } = renderWithApp(<SessionResources resources={[config.resource]} api={api} onError={onError} />);
    await advance(0);
    expect(config.fetch).toHaveBeenCalledTimes(1);
    await advance(4990);
    expect(config.fetch).toHaveBeenCalledTimes(1);
    await advance(10);
    expect(config.fetch).toHaveBeenCalledTimes(2);
    await advance(4990);
    expect(config.fetch).toHaveBeenCalledTimes(2);
    await advance(10);
    expect(config.fetch).toHaveBeenCalledTimes(3);
    expect(store.get(config.target)).toBe("hub-3");
    // Reported once per run of failures, not at every attempt.
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(config.resource, expect.any(ApiError));
  });

  it("does not retry a client error (4xx)", async () => {
    const config = scriptedResource();
    config.next(() =>
      Promise.reject(new ApiError("locked", { kind: "client", status: 403, code: "AUTH_SESSION_LOCKED" })),
    );
    renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    await advance(30_000);
    expect(config.fetch).toHaveBeenCalledTimes(1);
  });

  it("shows 'Wczytywanie trwa dłużej niż zwykle' in a polite live region after 3000 ms of loading, gone when it loads", async () => {
    const config = scriptedResource();
    let release: (value: ApiResult<string>) => void = () => undefined;
    config.next(() => new Promise((resolve) => (release = resolve)));
    const { store } = renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    await advance(2990);
    expect(screen.queryByText(HINT)).toBeNull();
    await advance(10);
    expect(region.textContent).toBe(HINT);
    await act(async () => release({ data: "late", fromCache: false, fetchedAt: new Date() }));
    expect(screen.queryByText(HINT)).toBeNull();
    expect(store.get(config.target)).toBe("late");
  });

  it("boots from the service worker's cached answer, but never lets a cached answer replace the hub's", async () => {
    const config = scriptedResource();
    config.next((n) =>
      Promise.resolve({ data: n === 2 ? "hub" : `cached-${n}`, fromCache: n !== 2, fetchedAt: new Date() }),
    );
    const { store } = renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    await advance(0);
    expect(store.get(config.target)).toBe("cached-1");
    await advance(5100);
    await focus();
    expect(store.get(config.target)).toBe("hub");
    await advance(5100);
    await focus();
    expect(config.fetch).toHaveBeenCalledTimes(3);
    expect(store.get(config.target)).toBe("hub");
  });

  it("writes nothing and hides the hint once unmounted (lock, logout), and stops offering the refetch", async () => {
    const config = scriptedResource();
    let release: (value: ApiResult<string>) => void = () => undefined;
    config.next(() => new Promise((resolve) => (release = resolve)));
    const { store, unmount } = renderWithApp(<SessionResources resources={[config.resource]} api={api} />);
    await advance(3000);
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(store.get(sessionRevalidatorAtom)).not.toBeNull();
    unmount();
    await act(async () => release({ data: "after logout", fromCache: false, fetchedAt: new Date() }));
    expect(store.get(config.target)).toBeNull();
    expect(store.get(sessionRevalidatorAtom)).toBeNull();
  });
});
