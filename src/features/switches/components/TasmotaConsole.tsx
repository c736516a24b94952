import { useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { PinConfirmDialog } from "../../../platform/auth";
import type { UnlockFailure } from "../../../platform/auth/unlockFailure";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { consoleFailureKey, tasmotaConsoleCommand, type ConsoleResult } from "../commands";
import "./TasmotaConsole.css";

/** Most lines the console's history keeps (the newest first). */
export const CONSOLE_HISTORY = 20;

/** One line of the history: the command and either the device's answer or why it failed. */
type ConsoleEntry = { command: string } & (
  { ok: true; topic: string; response: Record<string, unknown> } | { ok: false; error: string }
);
type ConsoleLine = { id: number } & ConsoleEntry;

/** The PIN the console asks for: the line waiting for it, the commands that need it, why the last PIN failed. */
type PinQuestion = { cmd: string; commands: string[]; failure: UnlockFailure | null };

/** Props of {@link TasmotaConsole}. */
export type TasmotaConsoleProps = { name: string; label: string };

/**
 * The Tasmota console of one switch (spec §7 `POST config/switches/{id}/tasmota/cmd`): a command
 * field ('Polecenie Tasmota'), 'Wyślij', and the history of commands with the device's answer as
 * indented JSON, or the refusal ('Polecenie odrzucone: …', 'Urządzenie nie odpowiedziało'). A line
 * the hub answers with `PIN_REQUIRED` (it changes how the device connects, what it runs or what it
 * reaches) opens the PIN prompt ({@link PinConfirmDialog}) naming the commands; the line is sent
 * again with the PIN; a wrong PIN or the back-off is shown in the prompt; cancelling adds 'Nie
 * wysłano: …' to the history. The field and button are disabled while offline, locked, while the
 * device is unavailable (availability offline) and while a command waits for its answer.
 */
export function TasmotaConsole({ name, label }: TasmotaConsoleProps) {
  const { t } = useTranslation();
  const run = useSetAtom(tasmotaConsoleCommand);
  const gate = useCommandGate({ device: name, key: `tasmota-console:${name}`, pendingDisables: false });
  const { disabled, pending, unavailable } = gate;
  const [cmd, setCmd] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [history, setHistory] = useState<ConsoleLine[]>([]);
  const [question, setQuestion] = useState<PinQuestion | null>(null);

  const addLine = (entry: ConsoleEntry) =>
    setHistory((lines) => [{ ...entry, id: Date.now() + Math.random() }, ...lines].slice(0, CONSOLE_HISTORY));

  /** Sends `command` (with `pin` after the prompt) and shows what it came to. */
  const send = async (command: string, pin?: number) => {
    const outcome = await run({ name, cmd: command, pin });
    if (outcome.status === "refused") return;
    if (outcome.status === "failed") {
      setQuestion(null);
      addLine({ command, ok: false, error: t(consoleFailureKey(outcome.error)) });
      return;
    }
    const result: ConsoleResult = outcome.value;
    if (result.kind === "pin") {
      setQuestion((current) => ({
        cmd: command,
        commands: result.commands.length > 0 ? result.commands : (current?.commands ?? []),
        failure: result.failure,
      }));
      return;
    }
    setQuestion(null);
    addLine({ command: result.item.command, ok: true, topic: result.item.topic, response: result.item.response });
    setCmd("");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const command = cmd.trim();
    if (command === "") {
      setError(t("switches.console.required"));
      return;
    }
    setError(undefined);
    await send(command);
  };

  const cancelPin = () => {
    if (question !== null) addLine({ command: question.cmd, ok: false, error: t("switches.console.pinCancelled") });
    setQuestion(null);
  };

  return (
    <section
      className="tasmota-console"
      aria-label={t("switches.console.open", { label })}
      data-testid={`tasmota-console-${name}`}
    >
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
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled || pending}
          {...gateReasonProps(gate)}
          aria-busy={pending || undefined}
        >
          {pending ? t("switches.pending") : t("switches.console.send")}
        </button>
      </form>
      <PinConfirmDialog
        open={question !== null}
        title={t("switches.console.pinTitle")}
        message={t("switches.console.pinMessage", { commands: question?.commands.join(", ") ?? "" })}
        failure={question?.failure ?? null}
        confirmLabel={t("switches.console.pinSend")}
        cancelLabel={t("switches.cancel")}
        busy={pending}
        onConfirm={(pin) => {
          if (question !== null) void send(question.cmd, pin);
        }}
        onCancel={cancelPin}
      />
      <p className="tasmota-console__hint">
        {unavailable ? t("switches.console.unreachable") : t("switches.console.hint")}
      </p>
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
                  <span className="tasmota-console__topic">
                    {t("switches.console.answerFrom", { topic: line.topic })}
                  </span>
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
