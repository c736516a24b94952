// @vitest-environment node
import { parseAst } from "rollup/parseAst";
import { describe, expect, it } from "vitest";
import { pureReexports } from "../../scripts/pureReexports";

/** The plugin's transform hook as Rollup calls it, with Rollup's own parser. */
function transform(code: string, id: string): unknown {
  const hook = pureReexports("/app/src/").transform as (
    this: { parse: typeof parseAst },
    code: string,
    id: string,
  ) => unknown;
  return hook.call({ parse: parseAst }, code, id);
}

describe("a feature's index that only re-exports is free of side effects in the build", () => {
  it("marks a module whose whole body is `export … from` and `export * from`", () => {
    const code = `export { camerasResource } from "./resource";\nexport { DoorbellWatcher as Watcher } from "./components/DoorbellWatcher";\nexport * from "./atoms";`;
    expect(transform(code, "/app/src/features/cameras/index.ts")).toEqual({ moduleSideEffects: false });
  });

  it("leaves alone a module with code of its own, a local export, a query id or a file outside src/", () => {
    expect(transform(`export { a } from "./a";\nconsole.log("loaded");`, "/app/src/features/x/index.ts")).toBeNull();
    expect(transform(`import { a } from "./a";\nexport { a };`, "/app/src/features/x/index.ts")).toBeNull();
    expect(transform(`export { a } from "./a";`, "/app/src/routes/x.tsx?tsr-split=component")).toBeNull();
    expect(transform(`export { a } from "./a";`, "/app/node_modules/pkg/index.js")).toBeNull();
    expect(transform(`export const a = 1;`, "/app/src/features/x/a.ts")).toBeNull();
  });
});
