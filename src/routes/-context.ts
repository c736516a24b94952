import type { ApiClients } from "../lib/api/clients";
import type { JotaiStore } from "../shared/store";

export type { ApiClients } from "../lib/api/clients";

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
