import { afterEach, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { useCheapKdfForTests } from "./auth/kdf";
import { runCli, type CliIo } from "./cli";
import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { SessionEndedPayloadSchema, sessionEndedTopic } from "../contract/auth";
import {
  call,
  connectBrowser,
  connectMqtt,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  tempDir,
  type TestHub,
} from "./testing/harness";

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
  return {
    env: { HUB_DATA_DIR: dataDir },
    out: (l) => output.push(l),
    err: (l) => errors.push(l),
    readStdin: async () => stdin,
    output,
    errors,
  };
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
    expect(
      (await call(hub, "POST", "/api/auth/v1/auth", { body: { login: "jan", password: "old", sessionName: "x" } }))
        .status,
    ).toBe(401);
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
      expect(await runCli(["user", "add", "ola", "--password", "x", "--pin", pin], add), `user add --pin ${pin}`).toBe(
        2,
      );
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

describe("hub CLI: a running hub ends the sessions the CLI ends", () => {
  const SessionsSchema = v.object({ items: v.array(v.object({ hash: v.string(), current: v.boolean() })) });
  const hashOf = async (cookie: string) =>
    (await jsonOf(await call(hub!, "GET", "/api/auth/v1/session/all", { cookie }), SessionsSchema)).items.find(
      (item) => item.current,
    )!.hash;
  const closedWithin = (client: MqttClient, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      client.once("close", () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  it("user passwd logs out every session of that login (live connections close within 2 s, each end announced once as revoked); other logins keep theirs; user remove ends the removed user's", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    for (const login of ["anna", "jan", "ola"])
      expect(await runCli(["user", "add", login, "--password", "stare", "--pin", "2468"], io())).toBe(0);
    hub = await startTestHub({ dataDir, demo: false });
    const [kiosk, tablet, phone] = [
      await login(hub, "anna", "stare", "kiosk"),
      await login(hub, "anna", "stare", "tablet"),
      await login(hub, "anna", "stare", "phone"),
    ];
    const jan = await login(hub, "jan", "stare", "jan");
    const ola = await login(hub, "ola", "stare", "ola");
    const hashes = {
      kiosk: await hashOf(kiosk),
      tablet: await hashOf(tablet),
      phone: await hashOf(phone),
      ola: await hashOf(ola),
    };
    const clients = [
      await connectBrowser(hub, tablet),
      await connectBrowser(hub, phone),
      await connectBrowser(hub, jan),
      await connectBrowser(hub, ola),
    ];
    const [tabletLive, phoneLive, janLive, olaLive] = clients as [MqttClient, MqttClient, MqttClient, MqttClient];
    try {
      const ended: { topic: string; reason: string }[] = [];
      await janLive.subscribeAsync("session/#");
      janLive.on("message", (topic, payload) =>
        ended.push({ topic, reason: v.parse(SessionEndedPayloadSchema, JSON.parse(payload.toString())).reason }),
      );
      // The kiosk logs out by itself first: the hub announces that end, and the CLI's change must not announce it again.
      expect((await call(hub, "DELETE", "/api/auth/v1/session", { cookie: kiosk, body: {} })).status).toBe(200);

      const closed = [closedWithin(tabletLive, 2_000), closedWithin(phoneLive, 2_000)];
      const passwd = io();
      expect(await runCli(["user", "passwd", "anna", "--password", "nowe"], passwd)).toBe(0);
      expect(passwd.output.join("\n")).toContain("2 session(s) logged out");
      expect(await Promise.all(closed)).toEqual([true, true]);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ended.sort((a, b) => a.topic.localeCompare(b.topic))).toEqual(
        [hashes.kiosk, hashes.tablet, hashes.phone]
          .map((hash) => ({ topic: sessionEndedTopic(hash), reason: "revoked" }))
          .sort((a, b) => a.topic.localeCompare(b.topic)),
      );
      for (const cookie of [tablet, phone])
        expect((await call(hub, "POST", "/api/auth/v1/session/validate", { cookie, body: {} })).status).toBe(401);
      expect((await call(hub, "POST", "/api/auth/v1/session/validate", { cookie: jan, body: {} })).status).toBe(200);
      expect(janLive.connected).toBe(true);
      await login(hub, "anna", "nowe");

      const olaClosed = closedWithin(olaLive, 2_000);
      const olaEnded = nextMessage(janLive, sessionEndedTopic(hashes.ola), 2_000);
      expect(await runCli(["user", "remove", "ola"], io())).toBe(0);
      expect(await olaClosed).toBe(true);
      expect(v.parse(SessionEndedPayloadSchema, JSON.parse((await olaEnded).payload)).reason).toBe("revoked");
      expect(janLive.connected).toBe(true);
    } finally {
      for (const client of clients) client.end(true);
    }
  });
});

describe("hub CLI: MQTT device users", () => {
  /** The CONNACK return code of a connection to the hub's TCP listener with `username`/`password`, or "connected". */
  async function loginCode(
    port: number,
    username: string,
    password: string,
    clientId = `${username}-cli-test`,
  ): Promise<unknown> {
    try {
      const client = await connectMqtt(`mqtt://127.0.0.1:${port}`, { username, password, clientId });
      client.end(true);
      return "connected";
    } catch (error) {
      return (error as { code?: unknown }).code;
    }
  }

  it("mqtt add (--password and --password-stdin), then the device logs in over TCP; a wrong password gets CONNACK 4", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    const added = io();
    expect(await runCli(["mqtt", "add", "balkon", "--kind", "tasmota", "--password", "sekret-balkonu"], added)).toBe(0);
    expect(added.output.join("\n")).toContain("topic comes from its discovery");
    expect(
      await runCli(["mqtt", "add", "z2m", "--kind", "zigbee2mqtt", "--password-stdin"], io("haslo-bramki\n")),
    ).toBe(0);
    const port = await freePort();
    hub = await startTestHub({ dataDir, mqttPort: port });
    expect(await loginCode(port, "balkon", "sekret-balkonu")).toBe("connected");
    expect(await loginCode(port, "z2m", "haslo-bramki")).toBe("connected");
    expect(await loginCode(port, "balkon", "haslo-bramki")).toBe(4);
  });

  it("mqtt list shows user name, kind and topic but never a hash; --topic overrides the default", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    await runCli(["mqtt", "add", "DVES_1A2B3C", "--kind", "tasmota", "--topic", "kuchnia", "--password", "x"], io());
    await runCli(["mqtt", "add", "zigbee2mqtt", "--kind", "zigbee2mqtt", "--password", "y"], io());
    const list = io();
    expect(await runCli(["mqtt", "list"], list)).toBe(0);
    expect(list.output).toHaveLength(2);
    expect(list.output[0]).toMatch(/^DVES_1A2B3C\ttasmota\tkuchnia\tcreated /);
    expect(list.output[1]).toMatch(/^zigbee2mqtt\tzigbee2mqtt\tzigbee2mqtt\tcreated /);
    expect(list.output.join("\n")).not.toMatch(/scrypt|\$/);
    // A Tasmota user made without --topic gets it from its discovery (broker/acl.ts).
    await runCli(["mqtt", "add", "salon", "--kind", "tasmota", "--password", "z"], io());
    const later = io();
    await runCli(["mqtt", "list"], later);
    expect(later.output[1]).toMatch(/^salon\ttasmota\t\(from discovery\)\tcreated /);
  });

  it("mqtt passwd and mqtt remove change what a running hub admits, and close the device's connection", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    await runCli(["mqtt", "add", "pompa", "--kind", "tasmota", "--password", "stare"], io());
    const port = await freePort();
    hub = await startTestHub({ dataDir, mqttPort: port });
    const device = await connectMqtt(`mqtt://127.0.0.1:${port}`, {
      username: "pompa",
      password: "stare",
      clientId: "pompa-1",
    });
    const closedOnce = new Promise<void>((resolve) => device.once("close", () => resolve()));
    expect(await runCli(["mqtt", "passwd", "pompa", "--password-stdin"], io("nowe\n"))).toBe(0);
    await closedOnce;
    device.end(true);
    expect(await loginCode(port, "pompa", "stare")).toBe(4);
    const again = await connectMqtt(`mqtt://127.0.0.1:${port}`, {
      username: "pompa",
      password: "nowe",
      clientId: "pompa-2",
    });
    const closedTwice = new Promise<void>((resolve) => again.once("close", () => resolve()));
    const removed = io();
    expect(await runCli(["mqtt", "remove", "pompa"], removed)).toBe(0);
    expect(removed.output.join("\n")).toContain("removed");
    await closedTwice;
    again.end(true);
    expect(await loginCode(port, "pompa", "nowe")).toBe(4);
  });

  it("exit codes: 1 for an existing or unknown user, 2 for usage errors (kind, topic, missing password, stray options)", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    expect(await runCli(["mqtt", "add", "balkon", "--kind", "tasmota", "--password", "x"], io())).toBe(0);
    const dup = io();
    expect(await runCli(["mqtt", "add", "balkon", "--kind", "tasmota", "--password", "y"], dup)).toBe(1);
    expect(dup.errors.join("\n")).toContain("already exists");
    for (const [command, expected] of [
      [["mqtt", "passwd", "ghost", "--password", "x"], 1],
      [["mqtt", "remove", "ghost"], 1],
      [["mqtt", "add", "lampa", "--password", "x"], 2],
      [["mqtt", "add", "lampa", "--kind", "shelly", "--password", "x"], 2],
      [["mqtt", "add", "lampa", "--kind", "tasmota"], 2],
      [["mqtt", "add", "lampa", "--kind", "tasmota", "--topic", "a/b", "--password", "x"], 2],
      [["mqtt", "add", "lampa", "--kind", "tasmota", "--topic", "tasmotas", "--password", "x"], 2],
      [["mqtt", "add", "bramka", "--kind", "zigbee2mqtt", "--topic", "sensor", "--password", "x"], 2],
      [["mqtt", "add", "a/b", "--kind", "zigbee2mqtt", "--topic", "a b", "--password", "x"], 2],
      [["mqtt", "add", "with space", "--kind", "tasmota", "--password", "x"], 2],
      [["mqtt", "add", "lampa", "--kind", "tasmota", "--password", "x", "--pin", "1234"], 2],
      [["mqtt", "remove", "balkon", "--kind", "tasmota"], 2],
      [["mqtt", "list", "extra"], 2],
      [["mqtt", "frobnicate", "x"], 2],
      [["user", "add", "anna", "--password", "x", "--kind", "tasmota"], 2],
    ] as const) {
      const out = io();
      expect(await runCli(command, out), command.join(" ")).toBe(expected);
      expect(out.errors.join("\n"), command.join(" ")).not.toBe("");
    }
    const list = io();
    await runCli(["mqtt", "list"], list);
    expect(list.output.map((line) => line.split("\t")[0])).toEqual(["balkon"]);
  });
});

describe("hub CLI: backup and restore arguments", () => {
  it("backup then restore round-trips a user; bad arguments are usage errors (2); an existing target is refused (1) and kept", async () => {
    useCheapKdfForTests();
    dataDir = tempDir();
    expect(await runCli(["user", "add", "ola", "--password", "hasło Oli"], io())).toBe(0);
    const file = `${dataDir}/../${dataDir.split("/").pop() ?? "x"}-backup.tar.gz`;
    const made = io();
    expect(await runCli(["backup", file], made)).toBe(0);
    expect(made.output[0]).toMatch(
      /^backup written: .*-backup\.tar\.gz \(\d+ bytes: hub\.sqlite; recordings' clips not included\)$/,
    );

    const again = io();
    expect(await runCli(["backup", file], again)).toBe(1);
    expect(again.errors).toEqual([
      expect.stringMatching(/^backup failed: .*-backup\.tar\.gz already exists: choose a new file name$/),
    ]);

    for (const args of [
      ["backup"],
      ["restore"],
      ["backup", "a", "b"],
      ["restore", file, "--print"],
      ["service"],
      ["service", "remove"],
    ]) {
      const usage = io();
      expect(await runCli(args, usage)).toBe(2);
      expect(usage.errors[0]?.split("\n")[0]).toMatch(
        /needs exactly one file name|does not belong to|service needs a command|unknown command "service remove"/,
      );
    }

    expect(await runCli(["user", "remove", "ola"], io())).toBe(0);
    expect(await runCli(["restore", file], io())).toBe(0);
    const listed = io();
    await runCli(["user", "list"], listed);
    expect(listed.output.map((line) => line.split("\t")[0])).toEqual(["ola"]);
    rmSync(file, { force: true });
  });
});
