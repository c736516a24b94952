/**
 * The per-switch Tasmota console (spec §7 `POST /config/switches/{id}/tasmota/cmd`, issue 10;
 * docs/contract.md "Tasmota console"): the path, body, answer, and the guard both sides use to
 * accept only one Tasmota command name with a plain argument.
 */
import * as v from "valibot";
import { itemOf } from "./envelope";

/** `POST /config/switches/{id}/tasmota/cmd` on the general base (Fastify route form). */
export const TASMOTA_CONSOLE_ROUTE = "/config/switches/:id/tasmota/cmd";

/** The path of the console of switch `name` (URL-encoded). */
export function tasmotaConsolePath(name: string): string {
  return `/config/switches/${encodeURIComponent(name)}/tasmota/cmd`;
}

/** Longest console line the hub takes (characters, after trimming). */
export const TASMOTA_CONSOLE_MAX_LENGTH = 200;

/** How long the hub waits for the device's answer (`stat/<t>/RESULT` or `STATUS<n>`), ms. */
export const TASMOTA_CONSOLE_TIMEOUT_MS = 5000;

/**
 * Command names that would run more than one command or replace the device's firmware, refused
 * even with a plain argument: `Backlog` chains commands (`;`), `Upgrade`/`OtaUrl` flash firmware.
 */
export const TASMOTA_CONSOLE_REFUSED_NAMES: ReadonlySet<string> = new Set(["backlog", "backlog0", "upgrade", "upload", "otaurl"]);

/** A Tasmota command name (`Power`, `POWER2`, `Status`, `SetOption19`): a letter, then letters, digits, `_`; at most 32. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** A plain argument: printable ASCII with spaces, no `;` (Backlog-style chaining) and no JSON or wildcard characters. */
const PLAIN_ARG = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const FORBIDDEN_IN_ARG = /[;{}#+$\\"'`]/;

/** A console line split into the Tasmota command (the topic's last level) and its payload. */
export type TasmotaConsoleCommand = { name: string; arg: string };

/**
 * Checks one console line (issue 10): `<Command>[ <plain argument>]`, e.g. `Status 0`, `Power2 ON`.
 * Refused: empty or over {@link TASMOTA_CONSOLE_MAX_LENGTH}, control or non-ASCII characters, a name
 * that is not a Tasmota command name (topic levels, wildcards `+ #`), `;` chains, JSON, quotes, `$`,
 * and the names of {@link TASMOTA_CONSOLE_REFUSED_NAMES}.
 * @returns the command, or a reason in English that never quotes the input
 */
export function parseTasmotaConsoleLine(line: string): { ok: true; command: TasmotaConsoleCommand } | { ok: false; reason: string } {
  if (/[^\x20-\x7e]/.test(line)) return { ok: false, reason: "only printable ASCII characters, no control characters" };
  const text = line.trim();
  if (text === "") return { ok: false, reason: "must not be empty" };
  if (text.length > TASMOTA_CONSOLE_MAX_LENGTH) return { ok: false, reason: `at most ${TASMOTA_CONSOLE_MAX_LENGTH} characters` };
  const space = text.indexOf(" ");
  const name = space < 0 ? text : text.slice(0, space);
  const arg = space < 0 ? "" : text.slice(space + 1).trim();
  if (!NAME.test(name)) return { ok: false, reason: "must start with a Tasmota command name (letters, digits, _)" };
  if (TASMOTA_CONSOLE_REFUSED_NAMES.has(name.toLowerCase())) return { ok: false, reason: "this command is not allowed from the console" };
  if (arg !== "" && (!PLAIN_ARG.test(arg) || FORBIDDEN_IN_ARG.test(arg))) return { ok: false, reason: "the argument must be plain text without ; { } # + $ \\ or quotes" };
  return { ok: true, command: { name, arg } };
}

/** Body of `POST /config/switches/{id}/tasmota/cmd` (spec §7 "body cmd"): one console line. */
export const TasmotaConsoleBodySchema = v.strictObject({
  cmd: v.pipe(v.string(), v.minLength(1), v.maxLength(TASMOTA_CONSOLE_MAX_LENGTH * 2)),
});
export type TasmotaConsoleBody = v.InferOutput<typeof TasmotaConsoleBodySchema>;

/**
 * `{item: {command, topic, response}}`: the command as sent (`Status 0`), the device topic that
 * answered (`stat/<t>/STATUS0`, `stat/<t>/RESULT`) and its payload (`response`: the device's JSON
 * object, or `{"text": ...}` when it was not JSON). Spec §7 "reads item.response".
 */
export const TasmotaConsoleAnswerSchema = itemOf(
  v.object({
    command: v.string(),
    topic: v.string(),
    response: v.record(v.string(), v.unknown()),
  }),
);
export type TasmotaConsoleAnswer = v.InferOutput<typeof TasmotaConsoleAnswerSchema>;
