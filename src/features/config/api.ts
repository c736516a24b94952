import type { ApiClient, ApiResult } from "../../lib/api/client";
import { ConfigResponseSchema, type Config } from "../switches/schemas";

/** Path of the configuration on the general base (spec §7). */
export const CONFIG_PATH = "/config";

/**
 * GET /config on the general base (spec §7): `mqttConnectionString` and `switchesList`.
 * Errors: ApiError (validation failure is kind "server").
 */
export async function fetchConfig(general: ApiClient): Promise<ApiResult<Config>> {
  const result = await general.get(CONFIG_PATH, { schema: ConfigResponseSchema });
  return { ...result, data: result.data.item };
}
