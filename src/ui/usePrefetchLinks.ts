import { useRouter } from "@tanstack/react-router";
import { useEffect, type RefObject } from "react";
import { whenIdle } from "../shared/whenIdle";
import { modulePreload, routeChunkFiles } from "./routeChunks";

/** Spec §9 "link prefetch margin 200px": a link this close to the viewport has its route preloaded. */
export const LINK_PREFETCH_MARGIN_PX = 200;

/**
 * Prefetches the route of every same-origin link inside `containerRef` once the link comes within
 * {@link LINK_PREFETCH_MARGIN_PX} of the viewport (spec §9), including links added later (a
 * MutationObserver watches the container). TanStack Router's own viewport preloading uses a fixed
 * 100 px margin, so the router preloads on intent (code and loader) and this hook does the viewport
 * part.
 *
 * In a build, a link's route code is fetched as modulepreload links (the build's route map, see
 * ./routeChunks.ts): downloaded and compiled, not run, so no idle task evaluates modules or runs a
 * loader. Without a map (development) the router preloads the route instead.
 *
 * Prefetches run one per idle period (requestIdleCallback, at the latest 2 s), in the order the links
 * came into view. Each href is preloaded at most once per mount; a failed preload is ignored (navigation loads the
 * route again and shows its error then). No-op where IntersectionObserver is missing.
 */
export function usePrefetchLinks(containerRef: RefObject<HTMLElement | null>): void {
  const router = useRouter();
  useEffect(() => {
    const container = containerRef.current;
    if (container === null || typeof IntersectionObserver !== "function") return;
    const done = new Set<string>();
    // One preload per idle period: matching and loading a route is main-thread work, and
    // every link of a screen comes into view at once on its first paint.
    const queue: Array<Parameters<typeof router.preloadRoute>[0]> = [];
    let cancelIdle: (() => void) | undefined;
    const requestIdle = (cb: () => void) => whenIdle(cb, 2_000, 50);
    const next = () => {
      cancelIdle = undefined;
      const target = queue.shift();
      if (target === undefined) return;
      const files = routeChunkFiles(target.to as string);
      if (files !== null) modulePreload(files);
      else router.preloadRoute(target).catch(() => undefined);
      if (queue.length > 0) cancelIdle = requestIdle(next);
    };
    const watched = new WeakSet<Element>();
    const intersection = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          intersection.unobserve(entry.target);
          const href = (entry.target as HTMLAnchorElement).href;
          if (done.has(href)) continue;
          done.add(href);
          const url = new URL(href);
          if (url.origin !== window.location.origin) continue;
          // An href read from the DOM is not one of the typed routes: the router matches it at run time.
          const target = { to: url.pathname, search: Object.fromEntries(url.searchParams) };
          queue.push(target as unknown as Parameters<typeof router.preloadRoute>[0]);
          cancelIdle ??= requestIdle(next);
        }
      },
      { rootMargin: `${LINK_PREFETCH_MARGIN_PX}px` },
    );
    const watch = (root: ParentNode) => {
      for (const anchor of root.querySelectorAll("a[href]")) {
        if (watched.has(anchor)) continue;
        watched.add(anchor);
        intersection.observe(anchor);
      }
    };
    watch(container);
    const mutations = new MutationObserver(() => watch(container));
    mutations.observe(container, { childList: true, subtree: true });
    return () => {
      cancelIdle?.();
      mutations.disconnect();
      intersection.disconnect();
    };
  }, [containerRef, router]);
}
