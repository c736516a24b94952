import type { ApiClient, ApiResult } from "../../lib/api/client";
import { SENSORS_PATH } from "../../../contract/sensors";
import { SensorListSchema, type Sensor } from "./schemas";

/** Path of the sensor list on the general base (spec §7), from the shared contract. */
export { SENSORS_PATH };

/**
 * `GET /config/sensors` on the general base (spec §7, contract "Sensor"): every configured sensor
 * with its kind, place, label and native source. Errors: ApiError (a malformed list is kind "server").
 */
export async function fetchSensors(general: ApiClient): Promise<ApiResult<Sensor[]>> {
  const result = await general.get(SENSORS_PATH, { schema: SensorListSchema });
  return { ...result, data: result.data.items };
}
