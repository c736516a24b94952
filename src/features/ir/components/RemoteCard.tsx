import { useAtomValue, useSetAtom } from "jotai";
import { Radio } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { MAX_IR_BUTTONS } from "../../../../contract/ir";
import { isButtonLimit, learnIrCommand, saveIrCodeCommand, sendIrCommand } from "../commands";
import { irState, type Remote } from "../live";

/** Props of {@link RemoteCard}. */
export type RemoteCardProps = { remote: Remote };

/**
 * One IR remote (docs/contract.md "Infrared remotes"): its label and room, a grid of its named buttons (a
 * press sends the code, `POST /ir/send`; 'Wysłano: <name>' when the hub sent it), 'Ucz kodu' /
 * 'Zakończ naukę' (`POST /ir/learn`) and, while learning, the code the device received with a name
 * field and 'Zapisz przycisk' (`POST /ir/code`; a blaster at its most buttons is refused, said under
 * the name field: 'Ten pilot ma już 100 przycisków…'). Every control is disabled while offline, locked or
 * while the blaster is unavailable (LWT Offline: 'Niedostępne').
 */
export function RemoteCard({ remote }: RemoteCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = useAtomValue(irState(remote.device));
  const { disabled, unavailable } = useCommandGate({ device: remote.device });
  const sendGate = useCommandGate({ device: remote.device, key: `ir:${remote.device}` });
  const learnGate = useCommandGate({ device: remote.device, key: `ir-learn:${remote.device}` });
  const saveGate = useCommandGate({ device: remote.device, key: `ir-code:${remote.device}` });
  const send = useSetAtom(sendIrCommand);
  const learn = useSetAtom(learnIrCommand);
  const save = useSetAtom(saveIrCodeCommand);
  const [sent, setSent] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const learning = state?.learning === true;
  const received = state?.received ?? null;

  const press = async (button: string) => {
    setSent(null);
    const outcome = await send({ device: remote.device, name: button });
    if (outcome.status === "done") setSent(outcome.value);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!received) return;
    if (name.trim() === "") {
      setNameError(t("ir.nameRequired"));
      return;
    }
    setNameError(undefined);
    const outcome = await save({ device: remote.device, name: name.trim(), code: received.code });
    if (outcome.status === "done") setName("");
    else if (outcome.status === "failed" && isButtonLimit(outcome.error))
      setNameError(t("ir.full", { max: MAX_IR_BUTTONS }));
  };

  return (
    <section className="remote" aria-labelledby={headingId} data-testid={`remote-${remote.device}`}>
      <header className="remote__head">
        <Radio aria-hidden="true" size={20} />
        <h2 className="remote__title" id={headingId}>
          {remote.label}
        </h2>
        {remote.room !== undefined && <span className="remote__room">{remote.room}</span>}
        {unavailable && <span className="remote__unavailable">{t("ir.unavailable")}</span>}
      </header>
      {state && state.codes.length > 0 ? (
        <div className="remote__buttons" role="group" aria-label={t("ir.buttons", { label: remote.label })}>
          {state.codes.map((button) => (
            <button
              key={button.name}
              type="button"
              className="button remote__button"
              disabled={sendGate.disabled}
              {...gateReasonProps(sendGate)}
              onClick={() => void press(button.name)}
            >
              {button.name}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted">{t("ir.noButtons")}</p>
      )}
      <p className="remote__status" role="status">
        {sent !== null ? t("ir.sent", { name: sent }) : ""}
      </p>
      <button
        type="button"
        className="button"
        aria-pressed={learning}
        disabled={learnGate.disabled || state === null}
        {...gateReasonProps(learnGate)}
        onClick={() => void learn({ device: remote.device, enable: !learning })}
      >
        {learning ? t("ir.stopLearning") : t("ir.learn")}
      </button>
      {learning && (
        <div className="remote__learning">
          <p>
            {received
              ? t("ir.received", {
                  protocol: received.code.protocol,
                  bits: received.code.bits,
                  data: received.code.data,
                })
              : t("ir.learning")}
          </p>
          {received && (
            <form className="remote__save" onSubmit={(event) => void submit(event)}>
              <TextField
                label={t("ir.nameField")}
                value={name}
                maxLength={40}
                error={nameError}
                disabled={disabled}
                onChange={(event) => setName(event.target.value)}
              />
              <button
                type="submit"
                className="button button--primary"
                disabled={saveGate.disabled}
                {...gateReasonProps(saveGate)}
              >
                {t("ir.save")}
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
