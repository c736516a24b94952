import { relative, sep } from "node:path";
import type { Plugin } from "vite";
import { ROUTE_CHUNKS_ELEMENT_ID } from "../src/ui/routeChunks";
import { addWithStaticImports, bundleChunks } from "./bundleChunks";

/**
 * TanStack Router's route id for a route file under `routesDirectory` ("weather.tsx" -> "/weather",
 * "cameras/index.tsx" -> "/cameras/", "index.tsx" -> "/", "cameras.live.tsx" -> "/cameras/live"),
 * or null for files that are not routes ("__root.tsx", "-components/…", "-context.ts").
 */
export function routeIdOf(fileInRoutes: string): string | null {
  const parts = fileInRoutes.split(/[\\/]/);
  if (parts.some((part) => part.startsWith("-") || part.startsWith("__"))) return null;
  const last = parts.pop()?.replace(/\.(tsx|ts|jsx|js)$/, "");
  if (last === undefined || last === "") return null;
  const segments = [...parts, ...last.split(".")];
  if (segments.at(-1) === "index") return `/${segments.slice(0, -1).join("/")}${segments.length > 1 ? "/" : ""}`;
  return `/${segments.join("/")}`;
}

/**
 * index.html carries, as a JSON data block `<script type="application/json" id="route-chunks">`
 * (not executed, so the CSP's script-src is not involved), each route's code: route id -> the files
 * of its split chunks (TanStack Router's autoCodeSplitting, `?tsr-split=`) and their static imports,
 * minus the files index.html already loads. The shell's link prefetch (src/ui/usePrefetchLinks.ts)
 * fetches them as `<link rel="modulepreload">` while idle: the browser downloads and compiles them
 * without running them, where the router's own preload would evaluate each module and run the
 * route's loader on the main thread (those idle tasks counted in the dashboard's blocking
 * time). A build without route chunks leaves index.html as it is.
 */
export function routeChunkMap(routesDirectory: string): Plugin {
  return {
    name: "route-chunk-map",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => {
        const chunks = bundleChunks(context.bundle);
        const inHtml = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!));
        const map: Record<string, string[]> = {};
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            const [path, query = ""] = id.split("?");
            if (!query.includes("tsr-split=") || path === undefined) continue;
            const inRoutes = relative(routesDirectory, path);
            if (inRoutes.startsWith("..")) continue;
            const routeId = routeIdOf(inRoutes.split(sep).join("/"));
            if (routeId === null) continue;
            addWithStaticImports((map[routeId] ??= []), chunk.fileName, chunks, (file) => inHtml.has(file));
          }
        }
        for (const files of Object.values(map)) files.forEach((file, i) => (files[i] = `/${file}`));
        if (Object.keys(map).length === 0) return html;
        // JSON in HTML: "<" escaped so no file name could close the element.
        const json = JSON.stringify(map).replace(/</g, "\\u003c");
        return html.replace(
          "</head>",
          `<script type="application/json" id="${ROUTE_CHUNKS_ELEMENT_ID}">${json}</script>\n</head>`,
        );
      },
    },
  };
}
