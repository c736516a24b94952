/**
 * The per-switch Tasmota console (spec §7 `POST /config/switches/{id}/tasmota/cmd`;
 * docs/contract.md "Tasmota console"): the path, body, answer, and the guard both sides use to
 * accept only one Tasmota command name with a plain argument, or a Backlog of such commands.
 * Which lines also need the session's PIN: tasmota-console-policy.ts.
 */
import * as v from "valibot";
import { UnlockBodySchema } from "./auth";
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

/** Command names that replace the device's firmware, refused even with the PIN: `Upgrade`, `Upload`, `OtaUrl`. */
export const TASMOTA_CONSOLE_REFUSED_NAMES: ReadonlySet<string> = new Set(["upgrade", "upload", "otaurl"]);

/** Most steps of one `Backlog` line (Tasmota's own limit, MAX_BACKLOG: it drops the steps past it). */
export const TASMOTA_BACKLOG_MAX_STEPS = 30;

/** A Tasmota command name (`Power`, `POWER2`, `Status`, `SetOption19`): a letter, then letters, digits, `_`; at most 32. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** A plain argument: printable ASCII with spaces, no `;` (Backlog-style chaining) and no JSON or wildcard characters. */
const PLAIN_ARG = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const FORBIDDEN_IN_ARG = /[;{}#+$\\"'`]/;
/** `Backlog` and `Backlog0` (no pause between steps), any case. */
const BACKLOG = /^backlog0?$/i;

/** A console line split into the Tasmota command (the topic's last level) and its payload. */
export type TasmotaConsoleCommand = { name: string; arg: string };

/** A checked console line: what is published (`command`) and the commands the device will run (`steps`: itself, or a Backlog's steps). */
export type TasmotaConsoleLine = { command: TasmotaConsoleCommand; steps: TasmotaConsoleCommand[] };

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One command `<Name>[ <plain argument>]`, already trimmed; `Backlog` is not one. */
function checkOne(text: string): Checked<TasmotaConsoleCommand> {
  const space = text.indexOf(" ");
  const name = space < 0 ? text : text.slice(0, space);
  const arg = space < 0 ? "" : text.slice(space + 1).trim();
  if (!NAME.test(name)) return { ok: false, reason: "must start with a Tasmota command name (letters, digits, _)" };
  if (TASMOTA_CONSOLE_REFUSED_NAMES.has(name.toLowerCase()))
    return { ok: false, reason: "this command is not allowed from the console" };
  if (arg !== "" && (!PLAIN_ARG.test(arg) || FORBIDDEN_IN_ARG.test(arg)))
    return { ok: false, reason: "the argument must be plain text without ; { } # + $ \\ or quotes" };
  return { ok: true, value: { name, arg } };
}

/**
 * The steps of a Backlog's argument, split on `;` as Tasmota splits it (each step trimmed, empty
 * ones skipped). Tasmota strips a leading `Backlog`/`Backlog0` from a step (`BacklogMqttHost x`
 * runs `MqttHost x`), so a step whose name starts with `Backlog` is refused: the device would run
 * something other than what was checked.
 */
function checkBacklog(arg: string): Checked<TasmotaConsoleCommand[]> {
  const steps: TasmotaConsoleCommand[] = [];
  for (const part of arg.split(";")) {
    const text = part.trim();
    if (text === "") continue;
    if (/^backlog/i.test(text)) return { ok: false, reason: "a Backlog step must not be another Backlog" };
    const step = checkOne(text);
    if (!step.ok) return { ok: false, reason: `Backlog step ${steps.length + 1}: ${step.reason}` };
    steps.push(step.value);
  }
  if (steps.length === 0) return { ok: false, reason: "a Backlog needs at least one command" };
  if (steps.length > TASMOTA_BACKLOG_MAX_STEPS)
    return { ok: false, reason: `a Backlog takes at most ${TASMOTA_BACKLOG_MAX_STEPS} commands` };
  return { ok: true, value: steps };
}

/** A command as Tasmota reads it: `Name` or `Name arg`. */
export function tasmotaCommandText(command: TasmotaConsoleCommand): string {
  return command.arg === "" ? command.name : `${command.name} ${command.arg}`;
}

/**
 * Checks one console line: `<Command>[ <plain argument>]` (`Status 0`, `Power2 ON`) or
 * `Backlog[0] <step>; <step>; …` whose every step is such a command (at most
 * {@link TASMOTA_BACKLOG_MAX_STEPS}). Refused: empty or over {@link TASMOTA_CONSOLE_MAX_LENGTH},
 * control or non-ASCII characters, a name that is not a Tasmota command name (topic levels,
 * wildcards `+ #`, `=`), `;` outside a Backlog, JSON, quotes, `$`, a Backlog inside a Backlog, and
 * the names of {@link TASMOTA_CONSOLE_REFUSED_NAMES}. Whether the line needs the PIN is
 * tasmota-console-policy.ts's question, not this one's.
 * @returns `command` as it is published (a Backlog's argument rebuilt from its checked steps, joined
 *   by `;`, so the device runs exactly the steps checked) and the `steps` the device will run; or a
 *   reason in English that never quotes the input
 */
export function parseTasmotaConsoleLine(
  line: string,
): ({ ok: true } & TasmotaConsoleLine) | { ok: false; reason: string } {
  if (/[^\x20-\x7e]/.test(line)) return { ok: false, reason: "only printable ASCII characters, no control characters" };
  const text = line.trim();
  if (text === "") return { ok: false, reason: "must not be empty" };
  if (text.length > TASMOTA_CONSOLE_MAX_LENGTH)
    return { ok: false, reason: `at most ${TASMOTA_CONSOLE_MAX_LENGTH} characters` };
  const space = text.indexOf(" ");
  const name = space < 0 ? text : text.slice(0, space);
  if (BACKLOG.test(name)) {
    const steps = checkBacklog(space < 0 ? "" : text.slice(space + 1));
    if (!steps.ok) return steps;
    return { ok: true, command: { name, arg: steps.value.map(tasmotaCommandText).join(";") }, steps: steps.value };
  }
  const command = checkOne(text);
  if (!command.ok) return command;
  return { ok: true, command: command.value, steps: [command.value] };
}

/**
 * Body of `POST /config/switches/{id}/tasmota/cmd` (spec §7 "body cmd"): one console line, and the
 * session's PIN as a number (as `POST /session/unlock` takes it) when the line needs it
 * (tasmota-console-policy.ts; without it the hub answers `403 PIN_REQUIRED`).
 */
export const TasmotaConsoleBodySchema = v.strictObject({
  cmd: v.pipe(v.string(), v.minLength(1), v.maxLength(TASMOTA_CONSOLE_MAX_LENGTH * 2)),
  pin: v.optional(UnlockBodySchema.entries.pin),
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

/**
 * The field a `PIN_REQUIRED` error answer adds to `{code, message}`: the commands of the line that
 * need the session's PIN, as typed (`["MqttHost"]`; for a Backlog, only its steps that need it).
 */
export const PinRequiredErrorSchema = v.looseObject({ commands: v.array(v.string()) });
export type PinRequiredError = v.InferOutput<typeof PinRequiredErrorSchema>;
