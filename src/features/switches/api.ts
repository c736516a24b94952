import type { ApiClient, ApiResult } from "../../lib/api/client";
import { ConfigResponseSchema, SwitchesResponseSchema, type Config, type Switch } from "./schemas";

/**
 * GET /config on the general base (spec §7): `mqttConnectionString` and `switchesList`.
 * Errors: ApiError (validation failure is kind "server").
 */
export async function fetchConfig(general: ApiClient): Promise<ApiResult<Config>> {
  const result = await general.get("/config", { schema: ConfigResponseSchema });
  return { ...result, data: result.data.item };
}

/** GET /config/switches on the general base (spec §7): switch definitions. Errors: ApiError. */
export async function fetchSwitches(general: ApiClient): Promise<ApiResult<Switch[]>> {
  const result = await general.get("/config/switches", { schema: SwitchesResponseSchema });
  return { ...result, data: result.data.items };
}
