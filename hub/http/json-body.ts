import type { FastifyInstance } from "fastify";
import { HubError } from "../core/errors";
import { jsonTextDepth, MAX_JSON_DEPTH } from "../core/json-limits";

/**
 * Request bodies are JSON only (CSRF): Fastify's `text/plain` parser is removed, so
 * no route ever sees a text body (installWriteGuard refuses it even earlier, with 415). The JSON
 * parser is Fastify's own (it refuses `__proto__` and `constructor.prototype` keys) with three
 * changes:
 * - an empty body with `Content-Type: application/json` counts as no body instead of a 400,
 *   since spec §7 sends some calls with an "empty body";
 * - text nested deeper than MAX_JSON_DEPTH answers 400 BAD_REQUEST naming the limit, measured
 *   before parsing (deep settings);
 * - a parse error answers 400 BAD_REQUEST "body: not valid JSON" without quoting the text
 *   (body echoed).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(
        new HubError("BAD_REQUEST", `body: nested deeper than ${MAX_JSON_DEPTH} levels (limit ${MAX_JSON_DEPTH})`),
        undefined,
      );
      return;
    }
    strict(request, text, (error, value) => {
      if (error)
        done(
          new HubError("BAD_REQUEST", "body: not valid JSON, or it has a __proto__ or constructor.prototype key"),
          undefined,
        );
      else done(null, value);
    });
  });
}
