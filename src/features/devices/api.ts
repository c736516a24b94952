import { adoptionPath, seenPath, type Adoption } from "../../../contract/adoption";
import { DEVICES_PATH } from "../../../contract/devices";
import type { ApiClient, ApiResult } from "../../lib/api/client";
import { AdoptionAnswerReadSchema, ListedDevicesReadSchema, type ListedDevice } from "./schemas";

/**
 * `GET /devices` on the general base (docs/contract.md "Devices"): every device the hub knows, with
 * when it was first seen, whether it was looked at and its adoption. Errors: ApiError.
 */
export async function fetchDevices(general: ApiClient): Promise<ApiResult<ListedDevice[]>> {
  const result = await general.get(DEVICES_PATH, { schema: ListedDevicesReadSchema });
  return { ...result, data: result.data.items };
}

/**
 * `PUT /devices/{id}/adoption` on the general base: stores `adoption` for device `id` whole (what it
 * leaves out is cleared); resolves with the device as the hub now lists it. Errors: ApiError
 * (`BAD_REQUEST` naming the field, `NOT_FOUND`, `CONFLICT` for a switch name already taken).
 */
export async function saveAdoption(general: ApiClient, id: string, adoption: Adoption): Promise<ListedDevice> {
  return (await general.put(adoptionPath(id), { json: adoption, schema: AdoptionAnswerReadSchema })).data.item;
}

/** `POST /devices/{id}/seen` on the general base: device `id` was looked at (no longer new). Errors: ApiError. */
export async function markDeviceSeen(general: ApiClient, id: string): Promise<void> {
  await general.post(seenPath(id));
}
