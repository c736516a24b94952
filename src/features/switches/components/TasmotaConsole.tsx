import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { sessionAtom } from "../../auth/atoms";
import { commandPendingAtom } from "../../commands";
import { offlineAtom } from "../../offline/atoms";
import { switchAvailabilityAtom } from "../availability";
import { consoleFailureKey, tasmotaConsoleCommand } from "../commands";
import "./TasmotaConsole.css";

/** Most lines the console's history keeps (the newest first). */
export const CONSOLE_HISTORY = 20;

/** One line of the history: the command and either the device's answer or why it failed. */
type ConsoleLine = { id: number; command: string } & ({ ok: true; topic: string; response: Record<string, unknown> } | { ok: false; error: string });

/** Props of {@link TasmotaConsole}. */
export type TasmotaConsoleProps = { name: string; label: string };

/**
 * The Tasmota console of one switch (spec §7 `POST config/switches/{id}/tasmota/cmd`, issue 10): a
 * command field ('Polecenie Tasmota'), 'Wyślij', and the history of commands with the device's
 * answer as indented JSON, or the refusal ('Polecenie odrzucone: …', 'Urządzenie nie odpowiedziało').
 * The field and button are disabled while offline, locked, while the device is unavailable
 * (availability offline) and while a command waits for its answer.
 */
export function TasmotaConsole({ name, label }: TasmotaConsoleProps) {
  const { t } = useTranslation();
  const run = useSetAtom(tasmotaConsoleCommand);
  const pending = useAtomValue(commandPendingAtom(`tasmota-console:${name}`));
  const offline = useAtomValue(offlineAtom);
  const locked = useAtomValue(sessionAtom).status === "locked";
  const unavailable = useAtomValue(switchAvailabilityAtom(name)) === "offline";
  const [cmd, setCmd] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [history, setHistory] = useState<ConsoleLine[]>([]);
  const disabled = offline || locked || unavailable;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const command = cmd.trim();
    if (command === "") {
      setError(t("switches.console.required"));
      return;
    }
    setError(undefined);
    const outcome = await run({ name, cmd: command });
    if (outcome.status === "refused") return;
    const id = Date.now() + Math.random();
    const line: ConsoleLine =
      outcome.status === "done"
        ? { id, command: outcome.value.command, ok: true, topic: outcome.value.topic, response: outcome.value.response }
        : { id, command, ok: false, error: t(consoleFailureKey(outcome.error)) };
    setHistory((lines) => [line, ...lines].slice(0, CONSOLE_HISTORY));
    if (outcome.status === "done") setCmd("");
  };

  return (
    <section className="tasmota-console" aria-label={t("switches.console.open", { label })} data-testid={`tasmota-console-${name}`}>
      <form className="tasmota-console__form" onSubmit={(event) => void submit(event)}>
        <TextField
          label={t("switches.console.field")}
          value={cmd}
          placeholder={t("switches.console.placeholder")}
          maxLength={200}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          disabled={disabled}
          error={error}
          onChange={(event) => setCmd(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={disabled || pending} aria-busy={pending || undefined}>
          {pending ? t("switches.pending") : t("switches.console.send")}
        </button>
      </form>
      <p className="tasmota-console__hint">{unavailable ? t("switches.console.unreachable") : t("switches.console.hint")}</p>
      <h3 className="tasmota-console__heading">{t("switches.console.history")}</h3>
      {history.length === 0 ? (
        <p className="muted">{t("switches.console.empty")}</p>
      ) : (
        <ol className="tasmota-console__history" aria-live="polite">
          {history.map((line) => (
            <li key={line.id} className="tasmota-console__line" data-ok={line.ok}>
              <code className="tasmota-console__command">{`> ${line.command}`}</code>
              {line.ok ? (
                <>
                  <span className="tasmota-console__topic">{t("switches.console.answerFrom", { topic: line.topic })}</span>
                  <pre className="tasmota-console__response" tabIndex={0}>
                    {JSON.stringify(line.response, null, 2)}
                  </pre>
                </>
              ) : (
                <p className="tasmota-console__error">{line.error}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
