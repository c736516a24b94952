// Builds the hub for plain `node` (hub start-up). `hub/main.ts` and everything it
// imports from `hub/` and `src/shared/` become ES modules in `dist-hub/` (esbuild: TypeScript
// stripped, our modules bundled, npm packages left as imports resolved from node_modules, dynamic
// imports kept as their own chunks so werift still loads with the first demo SDP offer), with
// the calendar's worker thread as a second entry (`dist-hub/calendar-worker.js`). Running
// the bundle skips tsx's loader hooks, which would cost a large share of the hub's start-up CPU (docs/performance.md).
// Run: `npm run build:hub` (part of `npm run build`), or `buildHub()` from tests/e2e/support/hub.ts.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/** The repository root (this file is scripts/build-hub.ts). */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the bundle goes; `node dist-hub/main.js` runs the hub. */
export const HUB_OUT_DIR = join(ROOT, "dist-hub");
/** The bundle's entry point (beside it `calendar-worker.js`, the calendar worker thread's). */
export const HUB_BUNDLE = join(HUB_OUT_DIR, "main.js");
/** The source trees the bundle is made from (for {@link hubBundleIsStale}). */
const SOURCE_DIRS = [join(ROOT, "hub"), join(ROOT, "src", "shared"), join(ROOT, "contract")];

/**
 * Keeps `new URL("./demo.json", import.meta.url)` pointing at the source tree's files (the demo
 * household, the demo clips, the lights' exposes): in each module of ours, `import.meta.url` becomes
 * the URL of that module's source file, written relative to the bundle so the checkout can move.
 * Every chunk sits in {@link HUB_OUT_DIR} itself (no sub-folders), so one relative path fits all.
 * A module that needs the bundle's own place reads `import.meta.filename` / `import.meta.dirname`
 * (left as they are: hub/calendar/parser.ts finds the calendar worker's entry so).
 */
const sourceImportMetaUrl: Plugin = {
  name: "source-import-meta-url",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (args.path.includes(`${sep}node_modules${sep}`) || !source.includes("import.meta.url"))
        return { contents: source, loader: "ts" };
      const fromBundle = relative(HUB_OUT_DIR, args.path).split(sep).join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Bundles the hub into {@link HUB_OUT_DIR} (cleared first): ESM for Node 20, source maps beside
 * each file (`node --enable-source-maps` gives stack traces in the .ts sources). Throws esbuild's
 * error (file, line, message) when a module does not compile.
 */
export async function buildHub(): Promise<void> {
  rmSync(HUB_OUT_DIR, { recursive: true, force: true });
  await build({
    // The calendar worker is its own entry: hub/calendar/parser.ts starts it from beside the running chunk.
    entryPoints: { main: join(ROOT, "hub", "main.ts"), "calendar-worker": join(ROOT, "hub", "calendar", "worker.ts") },
    outdir: HUB_OUT_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    chunkNames: "[name]-[hash]",
    logLevel: "warning",
    plugins: [sourceImportMetaUrl],
  });
}

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when {@link HUB_BUNDLE} is missing or older than a `.ts` file (tests aside) of `hub/` or `src/shared/`. */
export function hubBundleIsStale(): boolean {
  let built: number;
  try {
    built = statSync(HUB_BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  return SOURCE_DIRS.some((dir) => newestSourceMtime(dir) > built);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  await buildHub();
  console.log(
    `hub built into ${relative(ROOT, HUB_OUT_DIR)}/ in ${Math.round(performance.now() - started)} ms (run: node --enable-source-maps ${relative(ROOT, HUB_BUNDLE)})`,
  );
}
