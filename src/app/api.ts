import { sessionErrorCodeAtom } from "../platform/auth/atoms";
import type { ApiBases } from "../lib/api/bases";
import { createApiClient, type ApiClientOptions } from "../lib/api/client";
import { createQueues } from "../lib/api/queues";
import type { ApiClients } from "../routes/-context";
import type { JotaiStore } from "../shared/store";

/**
 * Creates one ApiClient per API base (spec §7) with spec §9's retry and timeouts. Every error code
 * any base answers with goes to the session (spec §4): AUTH_SESSION_LOCKED switches the app to the PIN
 * screen, a revoked or missing session to the login form. The clients share one set of named queues
 * (spec §7), so device commands on the general and garage bases run one at a time together. `extra`
 * lets tests pass a fetch or shorter timeouts.
 */
export function createApiClients(
  store: JotaiStore,
  bases: ApiBases,
  extra: Omit<ApiClientOptions, "baseUrl" | "onErrorCode"> = {},
): ApiClients {
  const onErrorCode = (code: string) => store.set(sessionErrorCodeAtom, code);
  const queues = createQueues();
  const client = (baseUrl: string) => createApiClient({ queues, ...extra, baseUrl, onErrorCode });
  return {
    auth: client(bases.auth),
    general: client(bases.general),
    generalV1: client(bases.generalV1),
    cameras: client(bases.cameras),
    camerasV5: client(bases.camerasV5),
    garage: client(bases.garage),
  };
}
