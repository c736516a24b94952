import type { FastifyInstance } from "fastify";
import {
  CONSTANT_STOP,
  ConstantStopBodySchema,
  GARAGE_ACTIONS,
  GARAGE_DOORS,
  garagePath,
  type GarageCommandAnswer,
} from "../../contract/garage";
import type { ErrorBody } from "../../contract/envelope";
import { parseBody } from "../http/body";
import type { GarageService } from "./service";

/**
 * The garage base (`/api/garage/v1`, spec §7, docs/contract.md "Garage and gate"): `POST
 * /<door>/open|close|toggle|stop` (no body) and `POST /<door>/constantStop` `{value: boolean}` for
 * the doors `garage` and `gate`. Answers `{item: {door, command, sentAt}}`; the door's state
 * follows on `garage/<door>/state`. 400 names the bad field, 404 for a door the household lacks,
 * 409 DEVICE_UNREACHABLE when the broker is down. Any other path of the base (an unknown door or
 * command, another method) is 404 NOT_FOUND, behind the base's session guard like the rest (401
 * without a session).
 */
export function garageRoutes({ garage }: { garage: GarageService }) {
  return async (app: FastifyInstance): Promise<void> => {
    for (const door of GARAGE_DOORS) {
      for (const action of GARAGE_ACTIONS) {
        app.post(
          garagePath(door, action),
          async () => ({ item: await garage.send(door, action) }) satisfies GarageCommandAnswer,
        );
      }
      app.post(garagePath(door, CONSTANT_STOP), async (request) => {
        const body = parseBody(ConstantStopBodySchema, request.body);
        return { item: await garage.send(door, CONSTANT_STOP, body.value) } satisfies GarageCommandAnswer;
      });
    }
    app.all("/*", async (_request, reply) =>
      reply.code(404).send({ code: "NOT_FOUND", message: "No such garage or gate command" } satisfies ErrorBody),
    );
  };
}
