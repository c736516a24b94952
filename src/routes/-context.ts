import type { ApiClients } from "../lib/api/clients";
import type { HomeSection } from "../platform/part";
import type { JotaiStore } from "../shared/store";

export type { ApiClients } from "../lib/api/clients";

/** What the app hands the router: the store, the API clients and the notification function. */
export type AppContext = {
  store: JotaiStore;
  api: ApiClients;
  /** Shows a toast for 5000 ms (spec §9). */
  notify: (message: string, tone?: "error" | "info") => void;
};

/** A home section named by the part that brings it (its key on the page). */
export type NamedHomeSection = HomeSection & { name: string };

/**
 * What every route receives through TanStack Router's context (STYLE.md: dependencies reach loaders
 * through router context): the app's context and home's sections in their order (src/app/features.ts).
 */
export type RouterContext = AppContext & { homeSections: readonly NamedHomeSection[] };
