import type { Plugin } from "vite";

/**
 * Marks our own re-exporting modules (a feature's `index.ts`: nothing but `export … from`) as free of
 * side effects in the build, as lucide-react's package.json does for its index. Importing
 * one name from a feature then loads the module behind that name only, not every module the index
 * lists: start's `camerasResource` does not drag in the doorbell watcher, which only the router's root
 * mounts, into the first screen.
 *
 * Only files under `root` whose whole body is `export … from` / `export * from` statements are marked
 * (after TypeScript is stripped, so `export type` lines are gone); every other module keeps Rollup's
 * own analysis.
 */
export function pureReexports(root: string): Plugin {
  return {
    name: "pure-reexports",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (!id.startsWith(root) || id.includes("?") || !/\.[cm]?[jt]sx?$/.test(id)) return null;
      if (!/\bexport\b[^;]*\bfrom\b/.test(code)) return null;
      const body = (this.parse(code) as unknown as { body: { type: string; source?: unknown }[] }).body;
      const reexportsOnly =
        body.length > 0 &&
        body.every(
          (node) =>
            node.type === "ExportAllDeclaration" || (node.type === "ExportNamedDeclaration" && node.source != null),
        );
      return reexportsOnly ? { moduleSideEffects: false } : null;
    },
  };
}
