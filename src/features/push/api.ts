import * as v from "valibot";
import {
  panelPushPath,
  PUSH_CATEGORIES,
  PUSH_KEY_PATH,
  PushCategorySchema,
  type PanelPushBody,
  type PushCategory,
} from "../../../contract/panels";
import type { ApiClient } from "../../lib/api/client";

const PushKeyAnswerSchema = v.object({ item: v.object({ publicKey: v.pipe(v.string(), v.minLength(1)) }) });
const PanelPushAnswerSchema = v.object({
  item: v.nullable(v.object({ categories: v.array(PushCategorySchema) })),
});

/** `GET /push/key` (general base): the hub's VAPID public key, base64url. Errors: ApiError. */
export async function fetchPushKey(general: ApiClient): Promise<string> {
  return (await general.get(PUSH_KEY_PATH, { schema: PushKeyAnswerSchema })).data.item.publicKey;
}

/** `GET /panels/{id}/push`: the categories panel `panelId` is pushed about, or null when it has no subscription. Errors: ApiError. */
export async function fetchPanelPush(general: ApiClient, panelId: string): Promise<PushCategory[] | null> {
  const item = (await general.get(panelPushPath(panelId), { schema: PanelPushAnswerSchema })).data.item;
  return item === null ? null : PUSH_CATEGORIES.filter((category) => item.categories.includes(category));
}

/** `PUT /panels/{id}/push` `{subscription, categories}` (204). Errors: ApiError (BAD_REQUEST naming the field). */
export async function putPanelPush(general: ApiClient, panelId: string, body: PanelPushBody): Promise<void> {
  await general.put(panelPushPath(panelId), { json: body });
}

/** `DELETE /panels/{id}/push` (204): panel `panelId` is pushed nothing more. Errors: ApiError. */
export async function deletePanelPush(general: ApiClient, panelId: string): Promise<void> {
  await general.delete(panelPushPath(panelId));
}
