import type { ApiClient, ApiResult } from "../../lib/api/client";
import { CONFIG_PATH, ConfigAnswerSchema, type Config } from "../../../contract/config";

/** Path of the configuration on the general base (spec §7): the contract's. */
export { CONFIG_PATH };

/**
 * GET /config on the general base (spec §7): `mqttConnectionString` and `switchesList`.
 * Errors: ApiError (validation failure is kind "server").
 */
export async function fetchConfig(general: ApiClient): Promise<ApiResult<Config>> {
  const result = await general.get(CONFIG_PATH, { schema: ConfigAnswerSchema });
  return { ...result, data: result.data.item };
}
