import type { FastifyInstance } from "fastify";
import { LIGHT_SET_ROUTE, LightSetBodySchema, type LightSetAnswer } from "../../contract/lights";
import { parseBody } from "../http/body";
import type { LightsService } from "./service";

/**
 * `POST /light/{id}/set` on the general base (spec §7; docs/contract.md "Lights"): a free-form body
 * checked against the light's features (404 unknown light, 400 naming the field) and sent to the
 * device (`zigbee2mqtt/<name>/set` or Tasmota `cmnd/<t>/...`); `{item:{id, sent}}`.
 */
export function lightsRoutes({ lights }: { lights: LightsService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<{ Params: { id: string } }>(LIGHT_SET_ROUTE, async (request) => {
      const body = parseBody(LightSetBodySchema, request.body);
      const { id } = request.params;
      return { item: { id, sent: await lights.set(id, body) } } satisfies LightSetAnswer;
    });
  };
}
