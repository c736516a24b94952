// @vitest-environment node
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The contract runs in the browser, the service worker and Node, so the linter keeps it
// free of the app, the hub and I/O libraries; each deliberately bad import below must be rejected.

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function ruleIdsFor(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe("the contract's imports", () => {
  it("refuses the hub, the dashboard's layers, the dashboard's database and I/O libraries", async () => {
    for (const bad of [
      'import { HubError } from "../hub/core/errors";\nexport const x = HubError;\n',
      'import { SensorTiles } from "../src/features/sensors";\nexport const x = SensorTiles;\n',
      'import { createApiClient } from "../src/lib/api/client";\nexport const x = createApiClient;\n',
      'import { getDashboardDb } from "../src/shared/db";\nexport const x = getDashboardDb;\n',
      'import ky from "ky";\nexport const x = ky;\n',
      'import { atom } from "jotai";\nexport const x = atom(1);\n',
    ]) {
      expect(await ruleIdsFor(bad, "contract/bad.ts"), bad).toContain("no-restricted-imports");
    }
  });

  it("accepts valibot and its own modules", async () => {
    expect(
      await ruleIdsFor(
        'import * as v from "valibot";\nimport { itemOf } from "./envelope";\nexport const x = itemOf(v.string());\n',
        "contract/good.ts",
      ),
    ).toEqual([]);
  });
});
