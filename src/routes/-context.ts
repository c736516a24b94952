import type { ApiClient } from "../lib/api/client";
import type { ApiBases } from "../lib/api/bases";
import type { JotaiStore } from "../shared/store";


/** One ApiClient per API base (spec §7): auth, general (v2), generalV1, cameras, camerasV5, garage. */
export type ApiClients = Readonly<Record<keyof ApiBases, ApiClient>>;

/**
 * What every route receives through TanStack Router's context (STYLE.md: dependencies reach loaders
 * through router context): the store, the API clients and the notification function.
 */
export type RouterContext = {
  store: JotaiStore;
  api: ApiClients;
  /** Shows a toast for 5000 ms (spec §9). */
  notify: (message: string, tone?: "error" | "info") => void;
};
