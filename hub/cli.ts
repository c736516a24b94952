import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { hashSecret } from "./auth/kdf";
import { canonicalPin, newPinProblem } from "./auth/pin-policy";
import { DEVICE_KINDS, deviceTopicProblem, ZIGBEE2MQTT_DEFAULT_BASE, type DeviceKind } from "./broker/acl";
import { openDb, type Db } from "./core/db";
import { MqttUserStore } from "./broker/mqtt-users";
import { SessionStore } from "./auth/session-store";
import { UserStore } from "./auth/user-store";

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
  mqtt add <username> --kind tasmota|zigbee2mqtt|owntracks [--topic <t>] (--password <p> | --password-stdin)
  mqtt passwd <username> (--password <p> | --password-stdin)
  mqtt list
  mqtt remove <username>
MQTT users are the devices of the embedded broker: a Tasmota device publishes tele/<t>/# and
stat/<t>/# and reads cmnd/<t>/# (--topic: its Tasmota topic, default the username); a Zigbee2MQTT
gateway publishes <base>/# except commands (--topic: its base topic, default zigbee2mqtt).
The database is <HUB_DATA_DIR>/hub.sqlite (HUB_DATA_DIR defaults to ./.hub-data).`;

class UsageError extends Error {}

const LOGIN = /^[^\s\u0000-\u001f]{1,200}$/; // eslint-disable-line no-control-regex
/** An MQTT user name: 1 to 100 characters, no spaces or control characters. */
const MQTT_USERNAME = /^[^\s\u0000-\u001f\u007f]{1,100}$/; // eslint-disable-line no-control-regex

async function passwordFrom(values: { password?: string | undefined; "password-stdin"?: boolean | undefined }, io: CliIo): Promise<string> {
  if (values.password !== undefined && values["password-stdin"]) throw new UsageError("give --password or --password-stdin, not both");
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
type Parsed = { values: { password?: string | undefined; "password-stdin"?: boolean | undefined; pin?: string | undefined; kind?: string | undefined; topic?: string | undefined }; positionals: string[] };

/**
 * Runs one CLI command (`npm run hub -- user ...`, `npm run hub -- mqtt ...`) against
 * `<HUB_DATA_DIR>/hub.sqlite`. Answers the exit code: 0 done, 1 failed (e.g. user exists / not
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
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [group, command] = parsed.positionals;
  if (parsed.values.help || (group !== "user" && group !== "mqtt") || command === undefined) {
    (parsed.values.help ? io.out : io.err)(USAGE);
    return parsed.values.help ? 0 : 2;
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

/**
 * `user add|passwd|pin|list|remove`: the dashboard's users. `passwd` also revokes every session of
 * the login and `remove` deletes them; a running hub notices within about a second (auth/session-watch.ts)
 * and ends what they hold open. Throws UsageError for bad input.
 */
async function userCommand(db: Db, parsed: Parsed, io: CliIo): Promise<number> {
  const [, command, login, ...extra] = parsed.positionals;
  const users = new UserStore(db);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  if (parsed.values.kind !== undefined || parsed.values.topic !== undefined) throw new UsageError("--kind and --topic belong to the mqtt commands");
  if (command === "list") {
    for (const user of users.list()) io.out(`${user.login}\tPIN ${user.pinHash ? "set" : "not set"}\tcreated ${user.createdAt}`);
    return 0;
  }
  if (login === undefined || !LOGIN.test(login)) throw new UsageError("a login (1 to 200 characters, no spaces) is required");
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
      const revoked = db.transaction(() => (users.setPassword(login, hash) ? sessions.revokeAllOf(login) : null)).immediate();
      if (revoked === null) return notFound(io, login);
      io.out(`password of ${login} changed; ${revoked} session(s) logged out (a running hub closes their streams and live connections within about a second)`);
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
 * `mqtt add|passwd|list|remove`: device credentials of the embedded broker (issue 7, item 2). A
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
    for (const user of users.list()) io.out(`${user.username}\t${user.kind}\t${user.topic}\tcreated ${user.createdAt}`);
    return 0;
  }
  if (username === undefined || !MQTT_USERNAME.test(username)) throw new UsageError("an MQTT user name (1 to 100 characters, no spaces) is required");
  switch (command) {
    case "add": {
      const kind = parsed.values.kind;
      if (kind === undefined || !(DEVICE_KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind ${DEVICE_KINDS.join("|")} is required`);
      const deviceKind = kind as DeviceKind;
      const topic = parsed.values.topic ?? (deviceKind === "tasmota" || deviceKind === "owntracks" ? username : ZIGBEE2MQTT_DEFAULT_BASE);
      const problem = deviceTopicProblem(deviceKind, topic);
      if (problem !== null) throw new UsageError(parsed.values.topic === undefined ? `${problem} (the user name is the default topic: give --topic)` : problem);
      const hash = await hashSecret(await passwordFrom(parsed.values, io));
      if (users.find(username)) {
        io.err(`MQTT user ${username} already exists (use "mqtt passwd", or "mqtt remove" first)`);
        return 1;
      }
      users.add(username, hash, deviceKind, topic);
      io.out(
        deviceKind === "owntracks"
          ? `MQTT user ${username} added: an OwnTracks tracker publishing owntracks/${topic} (reads owntracks/${topic}/cmd)`
          : deviceKind === "tasmota"
          ? `MQTT user ${username} added: a Tasmota device with topic ${topic} (publishes tele/${topic}/# and stat/${topic}/#, reads cmnd/${topic}/#)`
          : `MQTT user ${username} added: a Zigbee2MQTT gateway with base topic ${topic} (publishes ${topic}/# except set/get commands, reads ${topic}/#)` +
              (topic === ZIGBEE2MQTT_DEFAULT_BASE ? "" : `; note: the hub's bridge reads ${ZIGBEE2MQTT_DEFAULT_BASE}/ only`),
      );
      return 0;
    }
    case "passwd": {
      const hash = await hashSecret(await passwordFrom(parsed.values, io));
      if (!users.setPassword(username, hash)) return notFoundMqtt(io, username);
      io.out(`password of MQTT user ${username} changed (a running hub closes its connection; the device logs in again with the new one)`);
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
