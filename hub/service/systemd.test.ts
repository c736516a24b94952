import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runCli } from "../cli";
import { ROOT } from "../backup/testing";
import { tempDir } from "../testing/harness";

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    env: {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: () => Promise.resolve(""),
  });
  return { code, out, err };
}

/** systemd-analyze, or a failure saying how to get it (scripts/test-all.sh installs Debian's systemd package). */
function systemdAnalyze(): string {
  const which = spawnSync("which", ["systemd-analyze"], { encoding: "utf8" });
  const path = which.stdout.trim();
  if (which.status !== 0 || path === "")
    throw new Error(
      "systemd-analyze is missing: install it (Debian/Ubuntu: apt-get install -y systemd; scripts/test-all.sh does) to check the hub's service unit",
    );
  return path;
}

function verify(unit: string): { status: number | null; output: string } {
  const result = spawnSync(systemdAnalyze(), ["verify", unit], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("npm run hub -- service install: the systemd unit", () => {
  it("writes a unit systemd-analyze verify accepts: own user, /var/lib/<name>, restart on failure, SIGTERM, hardening", async () => {
    const dir = tempDir("hub-unit-");
    const { code, out } = await cli(["service", "install", "--dir", dir, "--name", "hub-test"]);
    expect(code).toBe(0);
    expect(out[0]).toBe(`unit written: ${join(dir, "hub-test.service")}`);
    expect(out).toContain("  sudo systemctl enable --now hub-test");
    const path = join(dir, "hub-test.service");
    const unit = readFileSync(path, "utf8");
    for (const line of [
      "User=hub-test",
      "Environment=HUB_DATA_DIR=/var/lib/hub-test",
      "StateDirectory=hub-test",
      `WorkingDirectory=${ROOT.replace(/\/$/, "")}`,
      `ExecStart=${process.execPath} --enable-source-maps ${ROOT.replace(/\/$/, "")}/dist-hub/main.js`,
      "Restart=on-failure",
      "KillSignal=SIGTERM",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "PrivateTmp=yes",
      "AmbientCapabilities=",
    ])
      expect(unit.split("\n")).toContain(line);
    const checked = verify(path);
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });

  it("the check has teeth: a unit whose ExecStart is not there fails verify", async () => {
    const dir = tempDir("hub-unit-bad-");
    await cli(["service", "install", "--dir", dir]);
    const path = join(dir, "household-hub.service");
    writeFileSync(
      path,
      readFileSync(path, "utf8").replace(`ExecStart=${process.execPath}`, "ExecStart=/nonexistent/node"),
    );
    const checked = verify(path);
    expect(checked.status).not.toBe(0);
    expect(checked.output).toMatch(/nonexistent\/node/);
  });

  it("the example in hub/examples/systemd is the unit install writes for /opt/household-hub", async () => {
    const example = readFileSync(join(ROOT, "hub", "examples", "systemd", "household-hub.service"), "utf8");
    const { systemdUnit } = await import("./systemd");
    expect(example).toBe(systemdUnit({ name: "household-hub", root: "/opt/household-hub", node: "/usr/bin/node" }));
  });

  it("--print writes it to stdout; without root and without --print/--dir it refuses with one line", async () => {
    const printed = await cli(["service", "install", "--print"]);
    expect(printed.code).toBe(0);
    expect(printed.out.join("\n")).toMatch(/^# household-hub\.service/);
    // Run as a user without rights whatever runs the tests (as root, an unprivileged uid is faked:
    // a real switch to `nobody` cannot read a checkout in a private folder).
    const getuid = vi.spyOn(process, "getuid").mockReturnValue(65534);
    try {
      const refused = await cli(["service", "install"]);
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([
        "service failed: installing the service needs root: run it with sudo, or use --print (unit to stdout) or --dir <folder>",
      ]);
    } finally {
      getuid.mockRestore();
    }
    expect((await cli(["service", "install", "--name", "Bad Name", "--print"])).code).toBe(2);
  });
});
