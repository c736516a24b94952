// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Controls ask useCommandGate (src/platform/commands/gate.ts) whether they may act: no feature
// computes "disabled" from the offline state, the session lock or a device's availability itself.

/** The features; the states and the gate itself belong to the platform (src/platform: offline, auth, commands). */
const FEATURES = join(process.cwd(), "src/features");
/** Files that read a state for what they show, not to gate a control, with why. */
const NOT_GATES: Record<string, string> = {
  "gps/components/TrackerPanel.tsx": "the map's notice 'Brak połączenia: mapa niedostępna…', no control",
};

/** Every production .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const READS = [
  { what: "the offline state", pattern: /\bofflineAtom\b/ },
  { what: "the session lock", pattern: /\bsessionLockedAtom\b|status\s*===\s*"locked"/ },
  { what: "a device's availability", pattern: /"availability\/\+"|availabilityTopic\(/ },
];

describe("one command gate", () => {
  it("no feature reads the offline state, the lock or availability to gate its controls (they ask useCommandGate)", () => {
    const offenders: string[] = [];
    for (const file of sources(FEATURES)) {
      const name = relative(FEATURES, file).split("\\").join("/");
      if (name in NOT_GATES) continue;
      const text = readFileSync(file, "utf8");
      for (const read of READS) if (read.pattern.test(text)) offenders.push(`${name} reads ${read.what}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the exceptions still exist (a stale entry would hide nothing)", () => {
    for (const name of Object.keys(NOT_GATES))
      expect(readFileSync(join(FEATURES, name), "utf8")).toMatch(/\bofflineAtom\b/);
  });
});
