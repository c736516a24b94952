/** The id of index.html's data block (scripts/routeChunks.ts writes it at build time). */
export const ROUTE_CHUNKS_ELEMENT_ID = "route-chunks";

const FILE = /^\/[\w./-]+\.js$/;

/** Checked by hand, not with valibot: this runs in the shell, whose chunk does not load valibot. */
function isRouteChunkMap(value: unknown): value is Record<string, string[]> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (files) => Array.isArray(files) && files.every((file) => typeof file === "string" && FILE.test(file)),
  );
}

let cached: Record<string, string[]> | null | undefined;
const preloaded = new Set<string>();

/**
 * The route -> code files map index.html carries (`<script type="application/json" id="route-chunks">`,
 * route ids as TanStack Router's: "/weather", "/cameras/", "/"), read and validated once; null in
 * development (no build), or when the block is missing or malformed.
 */
export function routeChunkMap(): Record<string, string[]> | null {
  if (cached !== undefined) return cached;
  const text = document.getElementById(ROUTE_CHUNKS_ELEMENT_ID)?.textContent;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    cached = isRouteChunkMap(parsed) ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * The code files of the route a same-origin `pathname` opens ("/cameras" finds "/cameras/", an
 * index route), or null when the map has none for it (no build map, or a path of no route).
 */
export function routeChunkFiles(pathname: string): string[] | null {
  const map = routeChunkMap();
  if (map === null) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return map[path] ?? map[`${path}/`] ?? null;
}

/**
 * Fetches `files` as `<link rel="modulepreload">` (each once per page): the browser downloads and
 * compiles them but runs nothing, so a later navigation only evaluates them. Returns how many links
 * were added.
 */
export function modulePreload(files: readonly string[]): number {
  let added = 0;
  for (const file of files) {
    if (preloaded.has(file)) continue;
    preloaded.add(file);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    link.crossOrigin = "";
    link.setAttribute("fetchpriority", "low");
    document.head.append(link);
    added += 1;
  }
  return added;
}

/** Forgets the cached map and the preloaded files (tests). */
export function resetRouteChunks(): void {
  cached = undefined;
  preloaded.clear();
}
