import { sessionErrorCodeAtom } from "../features/auth/atoms";
import type { ApiBases } from "../lib/api/bases";
import { createApiClient, type ApiClientOptions } from "../lib/api/client";
import type { ApiClients } from "../routes/-context";
import type { JotaiStore } from "../shared/store";

/**
 * Creates one ApiClient per API base (spec §7) with spec §9's retry and timeouts. Every error code
 * any base answers with goes to the session (spec §4): AUTH_SESSION_LOCKED switches the app to the PIN
 * screen, a revoked or missing session to the login form. `extra` lets tests pass a fetch or shorter
 * timeouts.
 */
export function createApiClients(
  store: JotaiStore,
  bases: ApiBases,
  extra: Omit<ApiClientOptions, "baseUrl" | "onErrorCode"> = {},
): ApiClients {
  const onErrorCode = (code: string) => store.set(sessionErrorCodeAtom, code);
  const client = (baseUrl: string) => createApiClient({ ...extra, baseUrl, onErrorCode });
  return {
    auth: client(bases.auth),
    general: client(bases.general),
    generalV1: client(bases.generalV1),
    cameras: client(bases.cameras),
    camerasV5: client(bases.camerasV5),
    garage: client(bases.garage),
  };
}
