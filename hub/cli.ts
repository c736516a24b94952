import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { hashSecret } from "./auth/kdf";
import { canonicalPin, newPinProblem } from "./auth/pin-policy";
import { openDb } from "./store/db";
import { UserStore } from "./store/users";

/** Where the CLI writes and reads; injectable for tests. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  readStdin: () => Promise<string>;
}

const USAGE = `usage: npm run hub -- <command>
  user add <login> (--password <p> | --password-stdin) [--pin <digits>]
  user passwd <login> (--password <p> | --password-stdin)
  user pin <login> --pin <digits>
A PIN is 4 to 15 digits 1-9 (the dashboard's keypad has no 0).
  user list
  user remove <login>
The database is <HUB_DATA_DIR>/hub.sqlite (HUB_DATA_DIR defaults to ./.hub-data).`;

class UsageError extends Error {}

const LOGIN = /^[^\s\u0000-\u001f]{1,200}$/; // eslint-disable-line no-control-regex

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

/**
 * Runs one CLI command (`npm run hub -- user ...`) against `<HUB_DATA_DIR>/hub.sqlite`.
 * Answers the exit code: 0 done, 1 failed (e.g. user exists / not found), 2 usage error.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { password: { type: "string" }, "password-stdin": { type: "boolean" }, pin: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [group, command, login, ...extra] = parsed.positionals;
  if (parsed.values.help || group !== "user" || command === undefined) {
    (parsed.values.help ? io.out : io.err)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const db = openDb(io.env.HUB_DATA_DIR || "./.hub-data");
  const users = new UserStore(db);
  try {
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
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
        if (!users.setPassword(login, hash)) return notFound(io, login);
        io.out(`password of ${login} changed`);
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
