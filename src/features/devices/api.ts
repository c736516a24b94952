import { adoptionPath, seenPath, type Adoption } from "../../../contract/adoption";
import { DEVICES_PATH } from "../../../contract/devices";
import * as v from "valibot";
import type { ApiClient, ApiResult } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import { nextTask } from "../../lib/tasks/nextTask";
import { AdoptionAnswerReadSchema, ListedDeviceReadSchema, type ListedDevice } from "./schemas";

/** Devices checked between two yields to the page (a household's 500 are ten slices, no long task). */
const SLICE = 50;

/** The list's envelope, its items checked one slice at a time by {@link fetchDevices}. */
const DevicesEnvelopeSchema = v.object({ items: v.array(v.unknown()) });

/**
 * `GET /devices` on the general base (docs/contract.md "Devices"): every device the hub knows, with
 * when it was first seen, whether it was looked at and its adoption. Each device is checked against
 * ListedDeviceReadSchema, {@link SLICE} at a time with the main thread given back between slices
 * (nextTask), so a large household's list arrives without a long task. Errors: ApiError (one
 * malformed device refuses the whole list: kind "server", naming its place).
 */
export async function fetchDevices(general: ApiClient): Promise<ApiResult<ListedDevice[]>> {
  const result = await general.get(DEVICES_PATH, { schema: DevicesEnvelopeSchema });
  const items: ListedDevice[] = [];
  for (let start = 0; start < result.data.items.length; start += SLICE) {
    if (start > 0) await nextTask();
    for (const [offset, item] of result.data.items.slice(start, start + SLICE).entries()) {
      const parsed = v.safeParse(ListedDeviceReadSchema, item);
      if (!parsed.success) {
        const where = `items.${start + offset}`;
        const issues = parsed.issues.map((issue) => `${where}.${v.getDotPath(issue) ?? ""}: ${issue.message}`);
        throw new ApiError(`Response failed validation: ${issues.join("; ")}`, { kind: "server", body: item });
      }
      items.push(parsed.output);
    }
  }
  return { ...result, data: items };
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
