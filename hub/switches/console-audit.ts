import { tasmotaCommandStem } from "../../contract/tasmota-console-policy";
import { tasmotaCommandText, type TasmotaConsoleLine } from "../../contract/tasmota-console";
import type { SessionRow } from "../auth/session-store";

/** What replaces a secret argument in the log. */
export const REDACTED = "****";

/** Commands whose argument is a secret (`MqttPassword`, `Password1`, `WebPassword`, TLS keys, bot tokens): logged as {@link REDACTED}. */
const SECRET_COMMAND = /pass|pwd|key|token|secret/;

/** The line as the log shows it: each command with its argument, a secret argument replaced by {@link REDACTED}. */
export function redactedLine(line: TasmotaConsoleLine): string {
  const redact = (command: TasmotaConsoleLine["command"]) =>
    tasmotaCommandText(
      command.arg !== "" && SECRET_COMMAND.test(tasmotaCommandStem(command.name))
        ? { name: command.name, arg: REDACTED }
        : command,
    );
  if (!/^backlog0?$/i.test(line.command.name)) return redact(line.command);
  return `${line.command.name} ${line.steps.map(redact).join(";")}`;
}

/** The hub's logger as the console uses it (pino's signature). */
export type ConsoleLog = {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
};

/**
 * The fields of a console log record (docs/contract.md "Tasmota console"): who (`login`, the
 * session's name and public `session` hash), where (`switch`, `device`) and what (`commands`: the
 * names that needed the PIN; `line`: the whole line, secrets redacted). Pino adds `time` (epoch ms).
 */
export function auditFields(
  session: SessionRow,
  target: { switch: string; device: string },
  line: TasmotaConsoleLine,
  commands: readonly string[],
): Record<string, unknown> {
  return {
    audit: "tasmota-console",
    login: session.login,
    sessionName: session.sessionName,
    session: session.hash,
    ...target,
    commands,
    line: redactedLine(line),
  };
}
