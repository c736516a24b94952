import type { ApiClient, ApiResult } from "../../lib/api/client";
import { PREFERENCES_PATH } from "../../../contract/preferences";
import { PreferencesResponseSchema, type PreferencesPatch } from "./schemas";

/** Path of the preferences resource on the auth base (spec §7), from the shared contract. */
export { PREFERENCES_PATH };

/**
 * GET /preferences on the auth base (spec §7): the stored preferences (`item`, partial, validated).
 * Errors: ApiError (AUTH_SESSION_LOCKED locks the app through the client's onErrorCode).
 */
export async function fetchPreferences(auth: ApiClient): Promise<ApiResult<PreferencesPatch>> {
  const result = await auth.get(PREFERENCES_PATH, { schema: PreferencesResponseSchema });
  return { ...result, data: result.data.item };
}

/**
 * PATCH /preferences with body `{preferences: patch}` (spec §7); answers the merged preferences.
 * Never retried (a PATCH). Errors: ApiError.
 */
export async function patchPreferences(auth: ApiClient, patch: PreferencesPatch): Promise<ApiResult<PreferencesPatch>> {
  const result = await auth.patch(PREFERENCES_PATH, {
    json: { preferences: patch },
    schema: PreferencesResponseSchema,
  });
  return { ...result, data: result.data.item };
}
