import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

const NO_CACHE = new Set(["index.html", "sw.js", "manifest.json"]);

const NOT_BUILT_PAGE = `<!doctype html><html lang="pl"><meta charset="utf-8"><title>Dashboard not built</title>
<body><h1>Panel nie jest zbudowany / Dashboard not built</h1>
<p>The hub found no <code>index.html</code> in its dist directory. Run <code>npm run build</code>
(or <code>npm start</code>), or point <code>HUB_DIST_DIR</code> at a built dashboard.</p></body></html>`;

/** A precompressed sibling's suffix (`app.js.br`, `app.js.gz`; scripts/precompress.ts). */
const ENCODED_SUFFIX = /\.(br|gz)$/;

/**
 * Serves the built dashboard from `distDir`: `index.html`, `sw.js`, `manifest.json` with
 * `Cache-Control: no-cache`, hashed `/assets/*` immutable for a year. Precompressed: a
 * file's `.br` or `.gz` sibling made at build time is sent with `Content-Encoding: br` or `gzip`
 * when the request's Accept-Encoding allows it (br preferred), the plain file otherwise; every file
 * answer carries `Vary: Accept-Encoding`. The SPA fallback is compressed the same way. Returns the handler for
 * unknown non-API paths: GETs accepting text/html get index.html (SPA fallback), others 404.
 * When distDir has no index.html, every page answers 503 with a page saying how to build.
 * Source maps (`*.map`) are built for debugging but never served (they would give away
 * the source): they answer 404.
 */
export async function installStatic(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => unknown> {
  const root = resolve(distDir);
  const built = existsSync(join(root, "index.html"));
  if (!built) {
    return (_request, reply) =>
      reply.code(503).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(NOT_BUILT_PAGE);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ["index.html"],
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith(".map") && !ENCODED_SUFFIX.test(pathName),
    setHeaders(res, encodedPath) {
      const path = encodedPath.replace(ENCODED_SUFFIX, "");
      const name = path.split(/[\\/]/).pop() ?? "";
      res.setHeader("Vary", "Accept-Encoding");
      if (NO_CACHE.has(name)) res.setHeader("Cache-Control", "no-cache");
      else if (path.startsWith(join(root, "assets")))
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "public, max-age=3600");
    },
  });
  return (request, reply) => {
    const accept = request.headers.accept ?? "";
    if ((request.method === "GET" || request.method === "HEAD") && accept.includes("text/html")) {
      reply.header("Cache-Control", "no-cache");
      return reply.sendFile("index.html");
    }
    return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  };
}
