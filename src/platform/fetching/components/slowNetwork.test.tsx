import { act, cleanup, screen } from "@testing-library/react";
import { atom } from "jotai";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "../../../lib/api/client";
import type { ApiClients } from "../../../lib/api/clients";

const HINT = "Wczytywanie trwa dłużej niż zwykle";

/**
 * Loads the data-fetching feature (and the library under it) again, as the browser would on a
 * network whose `navigator.connection.effectiveType` is `effectiveType`: the library reads it when
 * it loads.
 */
async function loadOn(effectiveType: string) {
  Object.defineProperty(navigator, "connection", { value: { effectiveType, saveData: false }, configurable: true });
  vi.resetModules();
  const [{ SessionResources }, { renderWithApp }, { defineSessionResource }, { ApiError }] = await Promise.all([
    import("./SessionResources"),
    import("../../../test/render"),
    import("../../../lib/session/resource"),
    import("../../../lib/api/errors"),
  ]);
  return { SessionResources, renderWithApp, defineSessionResource, ApiError };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "connection");
});
// The files after this one in the worker load the library again on the normal network.
afterAll(() => vi.resetModules());

describe.each(["slow-2g", "2g"])("on a slow network (navigator.connection.effectiveType %s)", (effectiveType) => {
  it("retries a failed GET every 10 000 ms", async () => {
    const { SessionResources, renderWithApp, defineSessionResource, ApiError } = await loadOn(effectiveType);
    const fetch = vi.fn((): Promise<ApiResult<string>> => Promise.reject(new ApiError("down", { kind: "network" })));
    const resource = defineSessionResource({ name: "config", fetch, atom: atom<string | null>(null) });
    renderWithApp(<SessionResources resources={[resource]} api={{} as ApiClients} />);
    await advance(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(9990);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(2);
    await advance(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("shows 'Wczytywanie trwa dłużej niż zwykle' after 5000 ms, not 3000 ms", async () => {
    const { SessionResources, renderWithApp, defineSessionResource } = await loadOn(effectiveType);
    const fetch = vi.fn(() => new Promise<ApiResult<string>>(() => undefined));
    const resource = defineSessionResource({ name: "config", fetch, atom: atom<string | null>(null) });
    renderWithApp(<SessionResources resources={[resource]} api={{} as ApiClients} />);
    await advance(4990);
    expect(screen.queryByText(HINT)).toBeNull();
    await advance(10);
    expect(screen.getByText(HINT)).toBeTruthy();
  });
});
