import { describe, expect, it } from "vitest";
import { routeChunkMap, routeIdOf } from "../../scripts/routeChunks";

type Chunk = {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
};
const chunk = (fileName: string, extra: Partial<Chunk> = {}): Chunk => ({
  type: "chunk",
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  ...extra,
});

/** The build's index.html transform (scripts/routeChunks.ts) as Vite runs it, over `chunks`. */
function transform(html: string, chunks: Chunk[]): string {
  const hook = routeChunkMap("/app/src/routes").transformIndexHtml as {
    handler: (html: string, context: { bundle?: Record<string, unknown> }) => string;
  };
  return hook.handler(html, { bundle: Object.fromEntries(chunks.map((c) => [c.fileName, c])) });
}

const HTML =
  '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-b.js"></head>';

describe("index.html's route -> code map", () => {
  it("names routes as TanStack Router's route ids", () => {
    expect(routeIdOf("weather.tsx")).toBe("/weather");
    expect(routeIdOf("index.tsx")).toBe("/");
    expect(routeIdOf("cameras/index.tsx")).toBe("/cameras/");
    expect(routeIdOf("cameras/live.tsx")).toBe("/cameras/live");
    expect(routeIdOf("cameras.live.tsx")).toBe("/cameras/live");
    expect(routeIdOf("__root.tsx")).toBeNull();
    expect(routeIdOf("-components/SensorHistory.tsx")).toBeNull();
    expect(routeIdOf("cameras/-search.ts")).toBeNull();
  });

  it("lists each split route chunk with its static imports, minus what index.html loads already", () => {
    const out = transform(HTML, [
      chunk("assets/index-a.js", { isEntry: true, moduleIds: ["/app/src/main.tsx"] }),
      chunk("assets/react-b.js"),
      chunk("assets/weather-c.js", {
        imports: ["assets/react-b.js", "assets/shared-d.js"],
        moduleIds: ["/app/src/routes/weather.tsx?tsr-split=component"],
      }),
      chunk("assets/shared-d.js", { imports: ["assets/react-b.js"] }),
      chunk("assets/cameras-e.js", {
        imports: ["assets/shared-d.js"],
        moduleIds: ["/app/src/routes/cameras/index.tsx?tsr-split=component"],
      }),
      chunk("assets/tree-f.js", { moduleIds: ["/app/src/routes/weather.tsx", "/app/src/routes/__root.tsx"] }),
    ]);
    const data = /<script type="application\/json" id="route-chunks">(.*)<\/script>\n<\/head>$/.exec(out);
    expect(data).not.toBeNull();
    expect(JSON.parse(data![1]!)).toEqual({
      "/weather": ["/assets/weather-c.js", "/assets/shared-d.js"],
      "/cameras/": ["/assets/cameras-e.js", "/assets/shared-d.js"],
    });
  });

  it("leaves index.html as it is without split route chunks", () => {
    expect(transform(HTML, [chunk("assets/index-a.js", { isEntry: true })])).toBe(HTML);
    expect(transform(HTML, [])).toBe(HTML);
  });
});
