import { createRouter } from "@tanstack/react-router";
import type { AppContext, RouterContext } from "../routes/-context";
import { routeTree } from "../routeTree.gen";
import { HOME_SECTIONS } from "./homeSections";

/**
 * Creates the TanStack router over the generated file-route tree; the app's context (store, API
 * clients, notify) and home's sections (src/app/homeSections.ts) reach every route and loader. `history` is injectable for tests (memory history).
 */
export function createAppRouter(context: AppContext, history?: Parameters<typeof createRouter>[0]["history"]) {
  return createRouter({
    routeTree,
    context: { ...context, homeSections: HOME_SECTIONS } satisfies RouterContext,
    history,
    // Hover/touch preloads here; viewport preloading at the spec's 200 px margin is the shell's
    // usePrefetchLinks (the router's own viewport mode has a fixed 100 px margin).
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
