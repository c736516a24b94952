import type { ApiClient, ApiResult } from "../../lib/api/client";
import { CONFIG_PATH } from "../../../contract/config";
import { ConfigResponseSchema, type Config } from "../switches/schemas";

/** Path of the configuration on the general base (spec §7): the contract's. */
export { CONFIG_PATH };

/**
 * GET /config on the general base (spec §7): `mqttConnectionString` and `switchesList`.
 * Errors: ApiError (validation failure is kind "server").
 */
export async function fetchConfig(general: ApiClient): Promise<ApiResult<Config>> {
  const result = await general.get(CONFIG_PATH, { schema: ConfigResponseSchema });
  return { ...result, data: result.data.item };
}
