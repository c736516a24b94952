import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { hashSecret } from "./auth/kdf";
import { canonicalPin, newPinProblem } from "./auth/pin-policy";
import {
  DEVICE_KINDS,
  deviceTopicProblem,
  FRIGATE_DEFAULT_BASE,
  ZIGBEE2MQTT_DEFAULT_BASE,
  type DeviceKind,
} from "./broker/acl";
import { openDb } from "./domains";
import { type Db } from "./core/db";
import { MqttUserStore } from "./broker/mqtt-users";
import { SessionStore } from "./auth/session-store";
import { UserStore } from "./auth/user-store";
import { BackupError, createBackup, restoreBackup } from "./backup/archive";
import {
  afterInstall,
  DEFAULT_SERVICE_NAME,
  installUnit,
  isBuilt,
  SERVICE_NAME,
  ServiceInstallError,
  systemdUnit,
} from "./service/systemd";
import { fileURLToPath } from "node:url";

/** Where the CLI writes and reads; injectable for tests. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  readStdin: () => Promise<string>;
}

const USAGE = `usage: npm run hub -- <command>
  user add <login> (--password <p> | --password-stdin) [--pin <digits>]
  user passwd <login> (--password <p> | --password-stdin)   (logs out all their sessions)
  user pin <login> --pin <digits>
A PIN is 4 to 15 digits 1-9 (the dashboard's keypad has no 0).
  user list
  user remove <login>
  mqtt add <username> --kind tasmota|zigbee2mqtt|owntracks|frigate [--topic <t>] (--password <p> | --password-stdin)
  mqtt passwd <username> (--password <p> | --password-stdin)
  mqtt list
  mqtt remove <username>
MQTT users are the devices of the embedded broker: a Tasmota device publishes tele/<t>/# and
stat/<t>/# and reads cmnd/<t>/# (--topic: its Tasmota topic; without it, the topic its discovery
announces, bound with its MAC on first use: give --topic to a device with discovery off,
SetOption19 1); a Zigbee2MQTT gateway publishes <base>/# except commands (--topic: its base topic,
default zigbee2mqtt); a Frigate NVR publishes <prefix>/# except its commands (--topic: its
mqtt.topic_prefix, default frigate).
  backup <file.tar.gz>
  restore <file.tar.gz>
A backup (while the hub runs) holds the database, the household file and the data folder's tls/
(CA key included: keep the file safe); restore needs the hub stopped and keeps what it replaces in
<HUB_DATA_DIR>/before-restore-<time>/.
  service install [--name <name>] [--print | --dir <folder>]
Writes the systemd unit <name>.service (default ${DEFAULT_SERVICE_NAME}) to /etc/systemd/system and
creates the system user <name> (as root), or prints it (--print) or writes it to <folder> (--dir).
The database is <HUB_DATA_DIR>/hub.sqlite (HUB_DATA_DIR defaults to ./.hub-data).`;

class UsageError extends Error {}

const LOGIN = /^[^\s\u0000-\u001f]{1,200}$/; // eslint-disable-line no-control-regex
/** An MQTT user name: 1 to 100 characters, no spaces or control characters. */
const MQTT_USERNAME = /^[^\s\u0000-\u001f\u007f]{1,100}$/; // eslint-disable-line no-control-regex

async function passwordFrom(
  values: { password?: string | undefined; "password-stdin"?: boolean | undefined },
  io: CliIo,
): Promise<string> {
  if (values.password !== undefined && values["password-stdin"])
    throw new UsageError("give --password or --password-stdin, not both");
  const password = values["password-stdin"] ? (await io.readStdin()).replace(/\r?\n$/, "") : values.password;
  if (password === undefined) throw new UsageError("a password is required (--password <p> or --password-stdin)");
  if (password.length < 1 || password.length > 200) throw new UsageError("the password must be 1 to 200 characters");
  return password;
}

/** The PIN to hash, checked with {@link newPinProblem}; a refused PIN is a usage error (exit code 2). */
function pinFrom(pin: string): string {
  const problem = newPinProblem(pin);
  if (problem !== null) throw new UsageError(problem);
  return canonicalPin(pin);
}

/** The parsed command line: option values and positionals (parseArgs). */
type Parsed = {
  values: {
    password?: string | undefined;
    "password-stdin"?: boolean | undefined;
    pin?: string | undefined;
    kind?: string | undefined;
    topic?: string | undefined;
    name?: string | undefined;
    print?: boolean | undefined;
    dir?: string | undefined;
    help?: boolean | undefined;
  };
  positionals: string[];
};

/**
 * Runs one CLI command (`npm run hub -- user ...`, `mqtt ...`, `backup ...`, `restore ...`,
 * `service install`) against `<HUB_DATA_DIR>/hub.sqlite`. Answers the exit code: 0 done, 1 failed (e.g. user exists / not
 * found), 2 usage error (README "Users: the hub's CLI", hub/README.md "MQTT device users").
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        pin: { type: "string" },
        kind: { type: "string" },
        topic: { type: "string" },
        name: { type: "string" },
        print: { type: "boolean" },
        dir: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [group, command] = parsed.positionals;
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  if (group === "backup" || group === "restore" || group === "service") {
    try {
      return group === "service" ? serviceCommand(parsed, io) : await backupCommand(group, parsed, io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`${error.message}\n${USAGE}`);
        return 2;
      }
      const known = error instanceof BackupError || error instanceof ServiceInstallError;
      io.err(
        `${group} failed: ${error instanceof Error ? (known ? error.message : error.message.split("\n")[0]) : String(error)}`,
      );
      return 1;
    }
  }
  if ((group !== "user" && group !== "mqtt") || command === undefined) {
    io.err(USAGE);
    return 2;
  }
  const db = openDb(io.env.HUB_DATA_DIR || "./.hub-data");
  try {
    return group === "user" ? await userCommand(db, parsed, io) : await mqttCommand(db, parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return 2;
    }
    io.err(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db.close();
  }
}

/** Options that belong to one group of commands only. */
function onlyOptions(parsed: Parsed, allowed: readonly (keyof Parsed["values"])[], command: string): void {
  for (const [key, value] of Object.entries(parsed.values)) {
    if (value !== undefined && !allowed.includes(key as keyof Parsed["values"]))
      throw new UsageError(`--${key} does not belong to "${command}"`);
  }
}

/**
 * `backup <file>` (the hub may run) and `restore <file>` (the hub stopped) of the data folder
 * HUB_DATA_DIR, with the household file of HUB_CONFIG when set (backup/archive.ts). Throws
 * UsageError for bad arguments, BackupError when it cannot be done.
 */
async function backupCommand(group: "backup" | "restore", parsed: Parsed, io: CliIo): Promise<number> {
  const [, file, ...extra] = parsed.positionals;
  onlyOptions(parsed, [], group);
  if (file === undefined || extra.length > 0) throw new UsageError(`${group} needs exactly one file name`);
  const dataDir = io.env.HUB_DATA_DIR || "./.hub-data";
  if (group === "backup") {
    const result = await createBackup(file, { dataDir, householdConfigPath: io.env.HUB_CONFIG || undefined });
    io.out(
      `backup written: ${result.path} (${String(result.bytes)} bytes: ${result.manifest.files.map((entry) => entry.path).join(", ")}; recordings' clips not included)`,
    );
    return 0;
  }
  const result = await restoreBackup(file, dataDir);
  io.out(
    `restored ${file} (made ${result.manifest.createdAt} by hub ${result.manifest.hubVersion}) into ${dataDir}; what it replaced is in ${result.before}`,
  );
  if (result.householdCopy !== null)
    io.out(
      `the backup's household file came from HUB_CONFIG: it is at ${result.householdCopy}; copy it over your HUB_CONFIG file if you want it back`,
    );
  io.out(
    "start the hub again (e.g. sudo systemctl start household-hub): it upgrades the database if the backup is older",
  );
  return 0;
}

/** `service install [--name] [--print | --dir]`: the systemd unit (service/systemd.ts). */
function serviceCommand(parsed: Parsed, io: CliIo): number {
  const [, command, ...extra] = parsed.positionals;
  if (command !== "install" || extra.length > 0)
    throw new UsageError(
      command === undefined
        ? "service needs a command: install"
        : `unknown command "service ${[command, ...extra].join(" ")}"`,
    );
  onlyOptions(parsed, ["name", "print", "dir"], "service install");
  const name = parsed.values.name ?? DEFAULT_SERVICE_NAME;
  if (!SERVICE_NAME.test(name))
    throw new UsageError("--name must be 1 to 31 lower-case letters, digits or dashes, starting with a letter");
  if (parsed.values.print && parsed.values.dir !== undefined) throw new UsageError("give --print or --dir, not both");
  const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
  const unit = { name, root, node: process.execPath };
  if (parsed.values.print) {
    io.out(systemdUnit(unit).trimEnd());
    return 0;
  }
  const result = installUnit({ ...unit, dir: parsed.values.dir });
  io.out(`unit written: ${result.path}${result.userCreated ? ` (system user ${name} created)` : ""}`);
  if (!isBuilt(root)) io.out(`build the hub first: cd ${root} && npm run build (the unit runs dist-hub/main.js)`);
  io.out(`the user ${name} must be able to read ${root}; settings go in /etc/${name}.env (NAME=value lines); then:`);
  for (const line of afterInstall(name)) io.out(`  ${line}`);
  return 0;
}

/**
 * `user add|passwd|pin|list|remove`: the dashboard's users. `passwd` also revokes every session of
 * the login and `remove` deletes them; a running hub notices within about a second (auth/session-watch.ts)
 * and ends what they hold open. Throws UsageError for bad input.
 */
async function userCommand(db: Db, parsed: Parsed, io: CliIo): Promise<number> {
  const [, command, login, ...extra] = parsed.positionals;
  const users = new UserStore(db);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  if (parsed.values.kind !== undefined || parsed.values.topic !== undefined)
    throw new UsageError("--kind and --topic belong to the mqtt commands");
  if (command === "list") {
    for (const user of users.list())
      io.out(`${user.login}\tPIN ${user.pinHash ? "set" : "not set"}\tcreated ${user.createdAt}`);
    return 0;
  }
  if (login === undefined || !LOGIN.test(login))
    throw new UsageError("a login (1 to 200 characters, no spaces) is required");
  switch (command) {
    case "add": {
      const password = await passwordFrom(parsed.values, io);
      const pin = parsed.values.pin === undefined ? null : await hashSecret(pinFrom(parsed.values.pin));
      if (users.find(login)) {
        io.err(`user ${login} already exists (use "user passwd" or "user pin")`);
        return 1;
      }
      users.add(login, await hashSecret(password), pin);
      io.out(`user ${login} added${pin ? " with a PIN" : " (no PIN: the session cannot be locked until one is set)"}`);
      return 0;
    }
    case "passwd": {
      const hash = await hashSecret(await passwordFrom(parsed.values, io));
      const sessions = new SessionStore(db);
      const revoked = db
        .transaction(() => (users.setPassword(login, hash) ? sessions.revokeAllOf(login) : null))
        .immediate();
      if (revoked === null) return notFound(io, login);
      io.out(
        `password of ${login} changed; ${revoked} session(s) logged out (a running hub closes their streams and live connections within about a second)`,
      );
      return 0;
    }
    case "pin": {
      if (parsed.values.pin === undefined) throw new UsageError("--pin <digits> is required");
      const hash = await hashSecret(pinFrom(parsed.values.pin));
      if (!users.setPin(login, hash)) return notFound(io, login);
      io.out(`PIN of ${login} set`);
      return 0;
    }
    case "remove": {
      if (!users.remove(login)) return notFound(io, login);
      io.out(`user ${login} removed with their sessions`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "user ${command}"`);
  }
}

/**
 * `mqtt add|passwd|list|remove`: device credentials of the embedded broker. A
 * running hub reads them at every CONNECT and closes the connection of a removed user, or of one
 * whose password changed, within about a second. Throws UsageError for bad input.
 */
async function mqttCommand(db: Db, parsed: Parsed, io: CliIo): Promise<number> {
  const [, command, username, ...extra] = parsed.positionals;
  const users = new MqttUserStore(db);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  if (parsed.values.pin !== undefined) throw new UsageError("--pin belongs to the user commands");
  if (command !== "add" && (parsed.values.kind !== undefined || parsed.values.topic !== undefined)) {
    throw new UsageError(`--kind and --topic belong to "mqtt add"`);
  }
  if (command === "list") {
    if (username !== undefined) throw new UsageError(`unexpected arguments: ${username}`);
    for (const user of users.list())
      io.out(
        `${user.username}\t${user.kind}\t${user.topic === "" ? "(from discovery)" : user.topic}\tcreated ${user.createdAt}` +
          (user.mac ? `\tMAC ${user.mac}` : ""),
      );
    return 0;
  }
  if (username === undefined || !MQTT_USERNAME.test(username))
    throw new UsageError("an MQTT user name (1 to 100 characters, no spaces) is required");
  switch (command) {
    case "add": {
      const kind = parsed.values.kind;
      if (kind === undefined || !(DEVICE_KINDS as readonly string[]).includes(kind))
        throw new UsageError(`--kind ${DEVICE_KINDS.join("|")} is required`);
      const deviceKind = kind as DeviceKind;
      // A Tasmota user without --topic gets it from its discovery (broker/acl.ts): "" until then.
      const topic =
        parsed.values.topic ??
        (deviceKind === "tasmota"
          ? ""
          : deviceKind === "owntracks"
            ? username
            : deviceKind === "frigate"
              ? FRIGATE_DEFAULT_BASE
              : ZIGBEE2MQTT_DEFAULT_BASE);
      const problem = topic === "" ? null : deviceTopicProblem(deviceKind, topic);
      if (problem !== null)
        throw new UsageError(
          parsed.values.topic === undefined ? `${problem} (the user name is the default topic: give --topic)` : problem,
        );
      const hash = await hashSecret(await passwordFrom(parsed.values, io));
      if (users.find(username)) {
        io.err(`MQTT user ${username} already exists (use "mqtt passwd", or "mqtt remove" first)`);
        return 1;
      }
      users.add(username, hash, deviceKind, topic);
      io.out(
        deviceKind === "owntracks"
          ? `MQTT user ${username} added: an OwnTracks tracker publishing owntracks/${topic} (reads owntracks/${topic}/cmd)`
          : deviceKind === "frigate"
            ? `MQTT user ${username} added: a Frigate NVR with topic prefix ${topic} (publishes ${topic}/# except its commands, reads ${topic}/#; the household's frigate.mqttBase must be ${topic})`
            : deviceKind === "tasmota" && topic === ""
              ? `MQTT user ${username} added: a Tasmota device whose topic comes from its discovery (tasmota/discovery/<MAC>/config, on by default; its first config binds its MAC and topic to this user)`
              : deviceKind === "tasmota"
                ? `MQTT user ${username} added: a Tasmota device with topic ${topic} (publishes tele/${topic}/# and stat/${topic}/#, reads cmnd/${topic}/#)`
                : `MQTT user ${username} added: a Zigbee2MQTT gateway with base topic ${topic} (publishes ${topic}/# except set/get commands, reads ${topic}/#)` +
                  (topic === ZIGBEE2MQTT_DEFAULT_BASE
                    ? ""
                    : `; note: the hub's bridge reads ${ZIGBEE2MQTT_DEFAULT_BASE}/ only`),
      );
      return 0;
    }
    case "passwd": {
      const hash = await hashSecret(await passwordFrom(parsed.values, io));
      if (!users.setPassword(username, hash)) return notFoundMqtt(io, username);
      io.out(
        `password of MQTT user ${username} changed (a running hub closes its connection; the device logs in again with the new one)`,
      );
      return 0;
    }
    case "remove": {
      if (!users.remove(username)) return notFoundMqtt(io, username);
      io.out(`MQTT user ${username} removed (a running hub closes its connection within a second)`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "mqtt ${command}"`);
  }
}

function notFoundMqtt(io: CliIo, username: string): number {
  io.err(`no MQTT user ${username}`);
  return 1;
}

function notFound(io: CliIo, login: string): number {
  io.err(`no user ${login}`);
  return 1;
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readStdin: readAllStdin,
  }).then((code) => process.exit(code));
}
