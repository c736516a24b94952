import { afterEach, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { useCheapKdfForTests } from "./auth/kdf";
import { runCli, type CliIo } from "./cli";
import { call, login, startTestHub, tempDir, type TestHub } from "./testing/harness";

let dataDir: string;
let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function io(stdin = ""): CliIo & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return { env: { HUB_DATA_DIR: dataDir }, out: (l) => output.push(l), err: (l) => errors.push(l), readStdin: async () => stdin, output, errors };
}

describe("hub CLI", () => {
  it("user add, then the new user logs in and unlocks with the PIN", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    expect(await runCli(["user", "add", "anna", "--password", "tajne hasło", "--pin", "2468"], io())).toBe(0);
    hub = await startTestHub({ dataDir, demo: false });
    const cookie = await login(hub, "anna", "tajne hasło", "Telefon Anny");
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect((await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 2468 }, cookie })).status).toBe(200);
  });

  it("user passwd with --password-stdin replaces the password", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    await runCli(["user", "add", "jan", "--password", "old"], io());
    expect(await runCli(["user", "passwd", "jan", "--password-stdin"], io("new-secret\n"))).toBe(0);
    hub = await startTestHub({ dataDir, demo: false });
    expect((await call(hub, "POST", "/api/auth/v1/auth", { body: { login: "jan", password: "old", sessionName: "x" } })).status).toBe(401);
    await login(hub, "jan", "new-secret");
  });

  it("lists users, refuses duplicates, unknown users and bad PINs with clear errors and exit codes", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    await runCli(["user", "add", "jan", "--password", "x"], io());
    const dup = io();
    expect(await runCli(["user", "add", "jan", "--password", "y"], dup)).toBe(1);
    expect(dup.errors.join("\n")).toContain("already exists");
    const missing = io();
    expect(await runCli(["user", "pin", "ghost", "--pin", "1234"], missing)).toBe(1);
    expect(missing.errors.join("\n")).toContain("no user ghost");
    const badPin = io();
    expect(await runCli(["user", "pin", "jan", "--pin", "12a4"], badPin)).toBe(2);
    expect(badPin.errors.join("\n")).toContain("4 to 15 digits");
    const leadingZero = io();
    expect(await runCli(["user", "pin", "jan", "--pin", "0123"], leadingZero)).toBe(2);
    const list = io();
    expect(await runCli(["user", "list"], list)).toBe(0);
    expect(list.output.join("\n")).toMatch(/^jan\tPIN not set/);
    expect(await runCli(["user", "remove", "jan"], io())).toBe(0);
    expect(await runCli(["frobnicate"], io())).toBe(2);
  });

  it("refuses a PIN with a 0 anywhere, since the keypad has digits 1-9 only (spec §2, §5)", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    const rule = "PIN may contain only digits 1-9 (the keypad has no 0), 4 to 15 digits";
    for (const pin of ["1024", "0123", "123", "1234567891234567", "12a4"]) {
      const add = io();
      expect(await runCli(["user", "add", "ola", "--password", "x", "--pin", pin], add), `user add --pin ${pin}`).toBe(2);
      expect(add.errors.join("\n")).toContain(rule);
    }
    expect(await runCli(["user", "add", "ola", "--password", "x"], io())).toBe(0);
    const zero = io();
    expect(await runCli(["user", "pin", "ola", "--pin", "2040"], zero)).toBe(2);
    expect(zero.errors.join("\n")).toContain(rule);
    const list = io();
    await runCli(["user", "list"], list);
    expect(list.output.join("\n")).toMatch(/^ola\tPIN not set/);
    expect(await runCli(["user", "pin", "ola", "--pin", "123456789123456"], io())).toBe(0);
  });
});
