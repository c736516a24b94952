// @vitest-environment node
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURES } from "./features";
import { HOME_SECTIONS } from "./homeSections";
import { plLoggedIn } from "./i18n/pl-logged-in";
import { PERSISTED_PARTS } from "./persistedParts";
import { SESSION_RESOURCES } from "./sessionResources";

// The one list of the app's parts (src/app/features.ts) and what is built from it.

const src = join(process.cwd(), "src");
const folders = (layer: string) =>
  readdirSync(join(src, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("the app's parts, listed once", () => {
  it("lists every feature folder once, each with its declaration file", () => {
    const names = FEATURES.map((part) => part.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of folders("features")) {
      expect(names, name).toContain(name);
      expect(existsSync(join(src, "features", name, "feature.ts")), name).toBe(true);
    }
  });

  it("builds the session's resources and the persisted parts from it, in the list's order", () => {
    expect(SESSION_RESOURCES.map((resource) => resource.name)).toEqual([
      "preferences",
      "config",
      "switches",
      "cameras",
      "devices",
    ]);
    expect(PERSISTED_PARTS.map((part) => part.name)).toEqual(["preferences", "liveSnapshot", "gps"]);
  });

  it("builds home's sections from it: the chosen switches above the sensors, then the devices shown on home, the solar tiles, then lights, garage, climate, the tracker, the calendar", () => {
    expect(HOME_SECTIONS.map((section) => [section.name, section.order < 0 ? "above" : "below"])).toEqual([
      ["switches", "above"],
      ["devices", "below"],
      ["pv", "below"],
      ["lights", "below"],
      ["garage", "below"],
      ["climate", "below"],
      ["gps", "below"],
      ["calendar", "below"],
    ]);
    for (const { name } of HOME_SECTIONS) expect(existsSync(join(src, "features", name, "home.ts")), name).toBe(true);
  });

  it("loads with the router the Polish texts of each part that does not bundle its own, and only those", () => {
    expect(Object.keys(plLoggedIn)).toEqual(expect.arrayContaining(["sensors", "switches", "weather", "car"]));
    expect(plLoggedIn).not.toHaveProperty("login");
    expect(plLoggedIn).not.toHaveProperty("offline");
  });
});
