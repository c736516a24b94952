import type { FastifyInstance } from "fastify";

/**
 * JSON bodies: Fastify's own parser (it refuses `__proto__` and `constructor.prototype` keys),
 * except that an empty body with `Content-Type: application/json` counts as no body instead of
 * a 400, since spec §7 sends some calls with an "empty body".
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    strict(request, text, done);
  });
}
