import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Modules whose chunks the first screen runs, besides the entry and the boot chunks it
 * imports: the logged-in shell, the router, home's route (its split parts) and the login form.
 * Matched against the end of a module id, without its query.
 */
const FIRST_SCREEN_MODULES = [
  "/src/app/LoggedInApp.tsx",
  "/src/app/router.ts",
  "/src/routes/index.tsx",
  "/src/routes/__root.tsx",
  "/src/platform/auth/components/LoginForm.tsx",
];

/** What the plugin reads of a rendered chunk (Rollup's RenderedChunk). */
export type HintChunk = {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
};

/**
 * The chunks a cold load of the first screen (login or home) evaluates: the entry, the chunks it
 * imports dynamically at boot (React's DOM renderer, the app), every chunk holding one of
 * {@link FIRST_SCREEN_MODULES}, and the static imports of all of these. File names as in `chunks`.
 */
export function firstScreenChunks(chunks: readonly HintChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const picked = new Set<string>();
  const add = (file: string) => {
    if (picked.has(file)) return;
    picked.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  for (const chunk of chunks) {
    if (chunk.isEntry) {
      add(chunk.fileName);
      chunk.dynamicImports.forEach(add);
    } else if (
      chunk.moduleIds.some((id) => FIRST_SCREEN_MODULES.some((module) => (id.split("?")[0] ?? "").endsWith(module)))
    ) {
      add(chunk.fileName);
    }
  }
  return picked;
}

/** An output file as the hook sees it: a chunk (code, maybe a map) or an asset (a source map's JSON). */
type OutputFile =
  { type: "chunk"; code: string; map?: { mappings: string } | null } | { type: "asset"; source: string | Uint8Array };

/**
 * Marks the first screen's chunks ({@link firstScreenChunks}) with V8's explicit compile hint
 * (total blocking time). V8 compiles a function lazily, on the main thread, the first time
 * it runs; a cold load runs most of React's DOM renderer, the router and the app's shell, so their
 * compilation landed in the first renders' tasks. With the hint, Chromium compiles these files
 * while it streams them, on a background thread; other browsers read a comment. Lazy chunks of
 * other screens are left lazy. Runs after minification (which drops comments); the hint is one
 * line on top, so each source map gets one empty line first. Build only.
 */
export function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, OutputFile & Partial<HintChunk>>;
      const chunks = Object.values(files).filter((file) => file.type === "chunk") as unknown as HintChunk[];
      for (const fileName of firstScreenChunks(chunks)) {
        const chunk = files[fileName];
        if (chunk?.type !== "chunk" || chunk.code.startsWith(COMPILE_HINT)) continue;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const map = files[`${fileName}.map`];
        if (map?.type === "asset" && typeof map.source === "string") {
          const json = JSON.parse(map.source) as { mappings: string };
          json.mappings = `;${json.mappings}`;
          map.source = JSON.stringify(json);
        }
      }
    },
  };
}
