import type { ApiClient } from "../../lib/api/client";
import { LightSetAnswerSchema, lightSetPath, type LightSetAnswer, type LightSetBody } from "../../../contract/lights";

/** POST /light/{id}/set on the general base (spec §7): the free-form body the hub checks against the light's features. Errors: ApiError (400 naming the field, 404 unknown light). On the helper queue: one device command at a time. */
export async function setLight(general: ApiClient, id: string, body: LightSetBody): Promise<LightSetAnswer> {
  return (
    await general.post(lightSetPath(id), {
      queue: "helper",
      json: body,
      schema: LightSetAnswerSchema,
    })
  ).data;
}
