import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The environment of a bench hub whose household is the demo's plus `devices` as Tasmota switches of
 * `relays` relays each: `{HUB_CONFIG: <temp household file>}`. The hub republishes only the
 * household's devices (docs/contract.md "Live channel"), so bench devices must be the household's.
 */
export function benchHouseholdEnv(devices: readonly string[], relays: number): Record<string, string> {
  const demo = JSON.parse(readFileSync(new URL("../hub/household/demo.json", import.meta.url), "utf8")) as {
    switches: unknown[];
  };
  const switches = devices.map((device) => ({ name: device, label: device, purpose: null, device, relays }));
  const path = join(mkdtempSync(join(tmpdir(), "bench-household-")), "household.json");
  writeFileSync(path, JSON.stringify({ ...demo, switches: [...demo.switches, ...switches] }));
  return { HUB_CONFIG: path };
}
