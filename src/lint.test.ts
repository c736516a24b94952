// @vitest-environment node
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import rules of STYLE.md are kept by the linter, and this proves they bite: each
// deliberately bad import below must be rejected by `no-restricted-imports`, and the good ones not.

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function ruleIdsFor(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe("import rules (STYLE.md)", () => {
  it("a feature may not import another feature's components", async () => {
    expect(
      await ruleIdsFor(
        'import { SensorTile } from "../../sensors/components/SensorTile";\nexport const x = SensorTile;\n',
        "src/features/car/components/Bad.tsx",
      ),
    ).toContain("no-restricted-imports");
  });

  it("a feature may import what another shares from its index, and its own components", async () => {
    expect(
      await ruleIdsFor(
        'import { SensorTiles } from "../../sensors";\nexport const x = SensorTiles;\n',
        "src/features/car/components/Good.tsx",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'import { SensorTile } from "./SensorTile";\nexport const x = SensorTile;\n',
        "src/features/sensors/components/Good.tsx",
      ),
    ).toEqual([]);
  });

  it("a feature may import another feature only through its public entry (index.ts), no other file of it", async () => {
    for (const bad of [
      'import { switchesAtom } from "../../switches/atoms";\nexport const s = switchesAtom;\n',
      'import { OUTDOOR_PLACES } from "../../sensors/outdoor";\nexport const o = OUTDOOR_PLACES;\n',
      'import type { Switch } from "../switches/schemas";\nexport type S = Switch;\n',
    ]) {
      expect(await ruleIdsFor(bad, "src/features/settings/components/Bad.tsx"), bad).toContain("no-restricted-imports");
    }
    for (const good of [
      'import { switchesAtom } from "../../switches";\nexport const s = switchesAtom;\n',
      'import { switchesAtom } from "../../switches/index";\nexport const s = switchesAtom;\n',
      'import { settingsAtom } from "../atoms";\nexport const s = settingsAtom;\n',
      'import { commandAtom } from "../../../platform/commands";\nexport const c = commandAtom;\n',
    ]) {
      expect(await ruleIdsFor(good, "src/features/settings/components/Good.tsx"), good).toEqual([]);
    }
  });

  it("the platform imports no feature, route or app; features, routes and app may import the platform", async () => {
    for (const bad of [
      'import { SensorTiles } from "../../features/sensors";\nexport const s = SensorTiles;\n',
      'import { switchesAtom } from "../../features/switches/atoms";\nexport const s = switchesAtom;\n',
      'import { Route } from "../../routes/index";\nexport const r = Route;\n',
      'import { bootApp } from "../../app/boot";\nexport const b = bootApp;\n',
    ]) {
      expect(await ruleIdsFor(bad, "src/platform/offline/Bad.ts"), bad).toContain("no-restricted-imports");
      expect(await ruleIdsFor(bad, "src/platform/offline/Bad.test.ts"), bad).toContain("no-restricted-imports");
    }
    expect(
      await ruleIdsFor(
        'import { offlineAtom } from "../../platform/offline/atoms";\nexport const o = offlineAtom;\n',
        "src/features/car/Good.ts",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'import { resolveApiBases } from "../../lib/api/bases";\nexport const r = resolveApiBases;\n',
        "src/platform/config/Good.ts",
      ),
    ).toEqual([]);
  });

  it("ui, lib and shared import nothing of the platform", async () => {
    const code = 'import { offlineAtom } from "../platform/offline/atoms";\nexport const o = offlineAtom;\n';
    for (const file of ["src/ui/Bad.tsx", "src/lib/Bad.ts", "src/shared/Bad.ts"]) {
      expect(await ruleIdsFor(code, file), file).toContain("no-restricted-imports");
    }
  });

  it("ui imports no jotai, mqtt or dexie, and no feature", async () => {
    for (const bad of [
      'import { atom } from "jotai";\nexport const a = atom(1);\n',
      'import mqtt from "mqtt";\nexport const m = mqtt;\n',
      'import Dexie from "dexie";\nexport const d = Dexie;\n',
      'import { SensorTiles } from "../features/sensors";\nexport const s = SensorTiles;\n',
    ]) {
      expect(await ruleIdsFor(bad, "src/ui/Bad.tsx"), bad).toContain("no-restricted-imports");
    }
  });

  it("features may not import app or routes; the hub only src/shared", async () => {
    expect(
      await ruleIdsFor('import { App } from "../../app/App";\nexport const a = App;\n', "src/features/car/Bad.ts"),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { connectLive } from "../../src/lib/mqtt/connection";\nexport const c = connectLive;\n',
        "hub/broker/Bad.ts",
      ),
    ).toContain("no-restricted-imports");
  });

  it("shared imports nothing of the app, and the service worker only src/shared", async () => {
    expect(
      await ruleIdsFor(
        'import { offlineAtom } from "../features/offline/atoms";\nexport const o = offlineAtom;\n',
        "src/shared/Bad.ts",
      ),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { resolveApiBases } from "../src/lib/api/bases";\nexport const r = resolveApiBases;\n',
        "sw/Bad.ts",
      ),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { DEFAULT_API_BASES } from "../src/shared/apiBases";\nexport const d = DEFAULT_API_BASES;\n',
        "sw/Good.ts",
      ),
    ).toEqual([]);
  });

  it("only tests import the test helpers (src/test renders with the app's providers)", async () => {
    const code = 'import { renderWithApp } from "../../../test/render";\nexport const r = renderWithApp;\n';
    expect(await ruleIdsFor(code, "src/features/sensors/components/Bad.tsx")).toContain("no-restricted-imports");
    expect(await ruleIdsFor(code, "src/features/sensors/components/Good.test.tsx")).toEqual([]);
  });
});
