import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { DeviceNameSchema } from "../../src/shared/contract/sensors";
import { SWITCH_SET_ROUTE, SwitchSetBodySchema, type SwitchSetAnswer } from "../../src/shared/contract/switches";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { SwitchService } from "./service";

/**
 * `POST /switch/{id}/set` on the general base (spec §7; docs/contract.md; shapes in
 * src/shared/contract/switches.ts): body `{relay?, state}`, answer `{item:{name, relay, command, state}}`.
 * An id that is not a device name answers 404 like an unknown one.
 */
export function switchesRoutes({ switches }: { switches: SwitchService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<{ Params: { id: string } }>(SWITCH_SET_ROUTE, async (request) => {
      const id = request.params.id;
      if (!v.is(DeviceNameSchema, id)) throw new HubError("NOT_FOUND", "no such switch");
      const body = parseBody(SwitchSetBodySchema, request.body);
      return { item: await switches.set(id, body) } satisfies SwitchSetAnswer;
    });
  };
}
