import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints, firstScreenChunks } from "../../scripts/compileHints";

type Chunk = {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  code: string;
  map: { mappings: string };
};
const chunk = (fileName: string, extra: Partial<Chunk> = {}): Chunk => ({
  type: "chunk",
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  code: `export const x=1;\n//# sourceMappingURL=${fileName}.map`,
  map: { mappings: "AAAA" },
  ...extra,
});

const bundle = () => {
  const chunks = [
    chunk("assets/index-a.js", { isEntry: true, dynamicImports: ["assets/client-b.js", "assets/start-c.js"] }),
    chunk("assets/client-b.js", { moduleIds: ["/p/node_modules/react-dom/cjs/react-dom-client.production.js"] }),
    chunk("assets/start-c.js", {
      imports: ["assets/valibot-d.js"],
      dynamicImports: ["assets/home-e.js", "assets/menu-g.js"],
    }),
    chunk("assets/valibot-d.js"),
    chunk("assets/home-e.js", {
      moduleIds: ["/p/src/routes/index.tsx?tsr-split=component"],
      imports: ["assets/tile-f.js"],
    }),
    chunk("assets/tile-f.js"),
    chunk("assets/menu-g.js", { moduleIds: ["/p/src/routes/menu.tsx?tsr-split=component"] }),
  ];
  const files: Record<string, unknown> = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  for (const c of chunks)
    files[`${c.fileName}.map`] = { type: "asset", source: JSON.stringify({ version: 3, mappings: "AAAA" }) };
  return files;
};

describe("V8 compile hints on the first screen's chunks", () => {
  it("picks the entry, its boot imports, home's route and the static imports of these; other routes stay lazy", () => {
    const files = Object.values(bundle()).filter((f) => (f as { type: string }).type === "chunk") as Chunk[];
    expect([...firstScreenChunks(files)].sort()).toEqual([
      "assets/client-b.js",
      "assets/home-e.js",
      "assets/index-a.js",
      "assets/start-c.js",
      "assets/tile-f.js",
      "assets/valibot-d.js",
    ]);
  });

  it("puts the hint on the first line of those chunks, once, and shifts their source maps by that line", () => {
    const files = bundle();
    const hook = compileHints().generateBundle as (options: unknown, bundle: Record<string, unknown>) => void;
    hook({}, files);
    hook({}, files); // a second pass (watch mode) adds nothing
    const home = files["assets/home-e.js"] as Chunk;
    expect(home.code.split("\n")[0]).toBe(COMPILE_HINT);
    expect(home.code.split(COMPILE_HINT)).toHaveLength(2);
    expect(home.map.mappings).toBe(";AAAA");
    expect(JSON.parse((files["assets/home-e.js.map"] as { source: string }).source).mappings).toBe(";AAAA");
    const menu = files["assets/menu-g.js"] as Chunk;
    expect(menu.code.startsWith(COMPILE_HINT)).toBe(false);
    expect(JSON.parse((files["assets/menu-g.js.map"] as { source: string }).source).mappings).toBe("AAAA");
  });
});
