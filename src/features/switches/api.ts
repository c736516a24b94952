import type { ApiClient, ApiResult } from "../../lib/api/client";
import { SWITCHES_PATH } from "../../shared/contract/switches";
import { SwitchesResponseSchema, type Switch } from "./schemas";

/** GET /config/switches on the general base (spec §7): switch definitions. Errors: ApiError. */
export async function fetchSwitches(general: ApiClient): Promise<ApiResult<Switch[]>> {
  const result = await general.get(SWITCHES_PATH, { schema: SwitchesResponseSchema });
  return { ...result, data: result.data.items };
}
