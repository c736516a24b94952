import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useLoaded } from "./useLoaded";

afterEach(cleanup);

describe("a list read from the hub when shown", () => {
  it("is loading, then loaded with the answer", async () => {
    const view = renderHook(() => useLoaded("hub", (source) => Promise.resolve([`${source}: kalendarz`])));
    expect(view.result.current.loaded).toEqual({ status: "loading" });
    await waitFor(() => expect(view.result.current.loaded).toEqual({ status: "loaded", value: ["hub: kalendarz"] }));
  });

  it("reads nothing and stays loading without a session", async () => {
    let reads = 0;
    const view = renderHook(() => useLoaded<string, number>(null, () => Promise.resolve(++reads)));
    await act(() => view.result.current.reload());
    expect(reads).toBe(0);
    expect(view.result.current.loaded).toEqual({ status: "loading" });
  });

  it("shows a failed read as failed, and a reload that succeeds replaces it", async () => {
    let fail = true;
    const view = renderHook(() =>
      useLoaded("hub", () => (fail ? Promise.reject(new Error("offline")) : Promise.resolve("sesje"))),
    );
    await waitFor(() => expect(view.result.current.loaded).toEqual({ status: "failed" }));
    fail = false;
    await act(() => view.result.current.reload());
    expect(view.result.current.loaded).toEqual({ status: "loaded", value: "sesje" });
  });

  it("reads again when the session changes", async () => {
    const view = renderHook(({ source }) => useLoaded(source, (s) => Promise.resolve(s.toUpperCase())), {
      initialProps: { source: "a" },
    });
    await waitFor(() => expect(view.result.current.loaded).toEqual({ status: "loaded", value: "A" }));
    view.rerender({ source: "b" });
    await waitFor(() => expect(view.result.current.loaded).toEqual({ status: "loaded", value: "B" }));
  });
});
