import { describe, expect, it } from "vitest";
import { preloadBootChunks } from "../../scripts/bootChunks";

type Chunk = { type: "chunk"; fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[] };
const chunk = (fileName: string, extra: Partial<Chunk> = {}): Chunk => ({
  type: "chunk",
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  ...extra,
});

/** The build's index.html transform (scripts/bootChunks.ts) as Vite runs it, over `chunks`. */
function transform(html: string, chunks: Chunk[]): string {
  const hook = preloadBootChunks().transformIndexHtml as {
    handler: (html: string, context: { bundle?: Record<string, unknown> }) => string;
  };
  return hook.handler(html, { bundle: Object.fromEntries(chunks.map((c) => [c.fileName, c])) });
}

const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-a.js" fetchpriority="low"></script>';

describe("index.html preloads the chunks the entry imports to boot", () => {
  it("adds a low-priority modulepreload for each of the entry's dynamic imports and their static imports, once each, after the entry's script", () => {
    const html = `${ENTRY_TAG}\n<link rel="manifest" href="/manifest.json">`;
    const out = transform(html, [
      chunk("assets/index-a.js", { isEntry: true, dynamicImports: ["assets/client-b.js", "assets/start-c.js"] }),
      chunk("assets/client-b.js", { imports: ["assets/index-a.js"] }),
      chunk("assets/start-c.js", {
        imports: ["assets/client-b.js", "assets/shared-d.js"],
        dynamicImports: ["assets/router-e.js"],
      }),
      chunk("assets/shared-d.js"),
      chunk("assets/router-e.js"),
    ]);
    expect(out).toBe(
      [
        ENTRY_TAG,
        '<link rel="modulepreload" crossorigin href="/assets/client-b.js" fetchpriority="low">',
        '<link rel="modulepreload" crossorigin href="/assets/start-c.js" fetchpriority="low">',
        '<link rel="modulepreload" crossorigin href="/assets/shared-d.js" fetchpriority="low">',
        '<link rel="manifest" href="/manifest.json">',
      ].join("\n"),
    );
  });

  it("leaves index.html as it is when the entry imports nothing dynamically, or there is no bundle", () => {
    expect(transform(ENTRY_TAG, [chunk("assets/index-a.js", { isEntry: true })])).toBe(ENTRY_TAG);
    expect(transform(ENTRY_TAG, [])).toBe(ENTRY_TAG);
  });
});
