import { act, cleanup, render, waitFor } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const preloadRoute = vi.fn((_options: unknown) => Promise.resolve(undefined));
const router = { preloadRoute };
vi.mock("@tanstack/react-router", () => ({ useRouter: () => router }));

// The hook imported afresh, with the mock above, even in a worker that already loaded the real router.
vi.resetModules();
const { LINK_PREFETCH_MARGIN_PX, usePrefetchLinks } = await import("./usePrefetchLinks");
const { resetRouteChunks } = await import("./routeChunks");

/** A stand-in IntersectionObserver that records its margin and lets the test bring targets into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports `target` as within the margin of the viewport. */
  enter(target: Element) {
    this.callback(
      [{ target, isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function Links() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  usePrefetchLinks(ref);
  return (
    <div ref={ref}>
      <a href="/weather">Pogoda</a>
      <a href="https://elsewhere.example/x">obcy</a>
      {more && <a href="/cameras/live?id=brama">Brama</a>}
      <button onClick={() => setMore(true)}>więcej</button>
    </div>
  );
}

describe("usePrefetchLinks (spec §9 link prefetch margin 200px)", () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    preloadRoute.mockClear();
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.getElementById("route-chunks")?.remove();
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    resetRouteChunks();
  });

  it("watches links with a 200 px margin and preloads a link's route once it comes near the viewport", async () => {
    const view = render(<Links />);
    const observer = FakeIntersectionObserver.instances[0]!;
    expect(LINK_PREFETCH_MARGIN_PX).toBe(200);
    expect(observer.options.rootMargin).toBe("200px");
    expect(preloadRoute).not.toHaveBeenCalled();

    const weather = view.getByText("Pogoda");
    observer.enter(weather);
    // Not in the observer's callback: at the next idle period.
    expect(preloadRoute).not.toHaveBeenCalled();
    await waitFor(() => expect(preloadRoute).toHaveBeenCalledTimes(1));
    expect(preloadRoute).toHaveBeenCalledWith({ to: "/weather", search: {} });
    // Once preloaded, it is no longer watched and a second report does nothing.
    expect(observer.observed.has(weather)).toBe(false);
    observer.enter(weather);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(preloadRoute).toHaveBeenCalledTimes(1);
  });

  it("never preloads another origin's link, and watches links added later with their search", async () => {
    const view = render(<Links />);
    const observer = FakeIntersectionObserver.instances[0]!;
    observer.enter(view.getByText("obcy"));
    expect(preloadRoute).not.toHaveBeenCalled();

    await act(async () => view.getByText("więcej").click());
    const brama = view.getByText("Brama");
    await waitFor(() => expect(observer.observed.has(brama)).toBe(true));
    observer.enter(brama);
    await waitFor(() => expect(preloadRoute).toHaveBeenCalledWith({ to: "/cameras/live", search: { id: "brama" } }));
  });

  it("preloads links that come into view together one per idle period, in order", async () => {
    const idle: Array<() => void> = [];
    const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
    window.requestIdleCallback = (callback) =>
      idle.push(() => callback({ didTimeout: false, timeRemaining: () => 10 }));
    window.cancelIdleCallback = () => undefined;
    const runIdle = () => idle.shift()?.();
    const view = render(<Links />);
    const observer = FakeIntersectionObserver.instances[0]!;
    await act(async () => view.getByText("więcej").click());
    const brama = view.getByText("Brama");
    await waitFor(() => expect(observer.observed.has(brama)).toBe(true));
    observer.enter(view.getByText("Pogoda"));
    observer.enter(brama);
    expect(preloadRoute).not.toHaveBeenCalled();
    runIdle();
    expect(preloadRoute).toHaveBeenCalledTimes(1);
    expect(preloadRoute).toHaveBeenLastCalledWith({ to: "/weather", search: {} });
    runIdle();
    expect(preloadRoute).toHaveBeenCalledTimes(2);
    expect(preloadRoute).toHaveBeenLastCalledWith({ to: "/cameras/live", search: { id: "brama" } });
    expect(idle).toHaveLength(0);
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
  });

  it("in a build, fetches a link's route code as modulepreload links, once each, without the router's preload", async () => {
    const map = {
      "/weather": ["/assets/weather-a.js", "/assets/shared-b.js"],
      "/cameras/live": ["/assets/live-c.js", "/assets/shared-b.js"],
    };
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = "route-chunks";
    block.textContent = JSON.stringify(map);
    document.head.append(block);
    const view = render(<Links />);
    const observer = FakeIntersectionObserver.instances[0]!;
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute("href"),
      );
    observer.enter(view.getByText("Pogoda"));
    await waitFor(() => expect(preloads()).toEqual(["/assets/weather-a.js", "/assets/shared-b.js"]));
    await act(async () => view.getByText("więcej").click());
    const brama = view.getByText("Brama");
    await waitFor(() => expect(observer.observed.has(brama)).toBe(true));
    observer.enter(brama);
    // The shared chunk is not fetched twice.
    await waitFor(() =>
      expect(preloads()).toEqual(["/assets/weather-a.js", "/assets/shared-b.js", "/assets/live-c.js"]),
    );
    expect(preloadRoute).not.toHaveBeenCalled();
  });

  it("stops watching when the container unmounts", () => {
    const view = render(<Links />);
    const observer = FakeIntersectionObserver.instances[0]!;
    expect(observer.observed.size).toBeGreaterThan(0);
    view.unmount();
    expect(observer.observed.size).toBe(0);
  });
});
