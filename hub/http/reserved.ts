import type { FastifyInstance } from "fastify";
import type { ErrorBody } from "../../contract/envelope";

/**
 * A reserved domain (cameras, garage and gate): every path of its base answers 404 NOT_FOUND
 * naming `what` (behind the base's session guard), until the domain's own folder serves it.
 */
export function reservedRoutes(what: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.all("/*", async (_request, reply) =>
      reply
        .code(404)
        .send({ code: "NOT_FOUND", message: `${what} are not available in this hub yet` } satisfies ErrorBody),
    );
  };
}
