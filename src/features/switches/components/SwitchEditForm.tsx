import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { commandPendingAtom } from "../../commands";
import { editSwitchCommand } from "../commands";

/** Props of {@link SwitchEditForm}. */
export type SwitchEditFormProps = { name: string; label: string; purpose: string | null; onDone: () => void };

/**
 * Edits a switch's label and purpose (spec §7 `PATCH config/switches/{id}`): two fields, 'Zapisz'
 * sends editSwitchCommand (an empty purpose clears it), 'Anuluj' closes. The label is required
 * (1 to 200 characters), the purpose at most 64. Closes when saved; on failure stays open (toast).
 */
export function SwitchEditForm({ name, label, purpose, onDone }: SwitchEditFormProps) {
  const { t } = useTranslation();
  const [newLabel, setNewLabel] = useState(label);
  const [newPurpose, setNewPurpose] = useState(purpose ?? "");
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSetAtom(editSwitchCommand);
  const pending = useAtomValue(commandPendingAtom(`switch-config:${name}`));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newLabel.trim() === "") {
      setError(t("switches.labelRequired"));
      return;
    }
    setError(undefined);
    const outcome = await save({ name, label: newLabel, purpose: newPurpose });
    if (outcome.status === "done") onDone();
  };
  return (
    <form className="switch-edit" onSubmit={(event) => void submit(event)} aria-label={t("switches.editTitle", { label })}>
      <TextField label={t("switches.labelField")} value={newLabel} maxLength={200} error={error} onChange={(event) => setNewLabel(event.target.value)} />
      <TextField label={t("switches.purposeField")} value={newPurpose} maxLength={64} onChange={(event) => setNewPurpose(event.target.value)} />
      <div className="switch-edit__actions">
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t("switches.save")}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t("switches.cancel")}
        </button>
      </div>
    </form>
  );
}
