import { afterEach, describe, expect, it } from "vitest";
import { modulePreload, resetRouteChunks, routeChunkFiles, routeChunkMap } from "./routeChunks";

/** Puts index.html's route map data block (scripts/routeChunks.ts) in the document with `text`. */
function block(text: string): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "route-chunks";
  element.textContent = text;
  document.head.append(element);
}

describe("the build's route -> code map", () => {
  afterEach(() => {
    document.getElementById("route-chunks")?.remove();
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    resetRouteChunks();
  });

  it("finds a route's files by the path a link opens, index routes included", () => {
    block(
      JSON.stringify({
        "/": ["/assets/index-a.js"],
        "/cameras/": ["/assets/cameras-b.js"],
        "/weather": ["/assets/weather-c.js"],
      }),
    );
    expect(routeChunkFiles("/")).toEqual(["/assets/index-a.js"]);
    expect(routeChunkFiles("/cameras")).toEqual(["/assets/cameras-b.js"]);
    expect(routeChunkFiles("/weather/")).toEqual(["/assets/weather-c.js"]);
    expect(routeChunkFiles("/nowhere")).toBeNull();
  });

  it("has no map in development (no block) or when the block is malformed or names anything but a script file", () => {
    expect(routeChunkMap()).toBeNull();
    for (const text of [
      "{not json",
      "[]",
      JSON.stringify({ "/x": "a.js" }),
      JSON.stringify({ "/x": ["javascript:alert(1)"] }),
      JSON.stringify({ "/x": ["https://evil.example/a.js"] }),
    ]) {
      resetRouteChunks();
      document.getElementById("route-chunks")?.remove();
      block(text);
      expect(routeChunkMap(), text).toBeNull();
      expect(routeChunkFiles("/x"), text).toBeNull();
    }
  });

  it("adds one low-priority modulepreload link per file, once per page", () => {
    expect(modulePreload(["/assets/a.js", "/assets/b.js"])).toBe(2);
    expect(modulePreload(["/assets/b.js", "/assets/c.js"])).toBe(1);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/assets/a.js", "/assets/b.js", "/assets/c.js"]);
    expect(links.every((link) => link.getAttribute("fetchpriority") === "low" && link.crossOrigin === "")).toBe(true);
  });
});
