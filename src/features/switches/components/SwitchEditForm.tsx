import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { commandPendingAtom } from "../../../platform/commands";
import { editSwitchCommand } from "../commands";
import type { Switch } from "../schemas";
import { useSwitchConfig } from "./useSwitchConfig";

/** Props of {@link SwitchEditForm}: the switch's name, its label as the screen shows it (the form's name), and what closes it. */
export type SwitchEditFormProps = { name: string; label: string; onDone: () => void };

/**
 * Edits a switch's label and purpose (spec §7 `GET` and `PATCH config/switches/{id}`). On opening it
 * loads the hub's current definition ('Wczytywanie ustawień przełącznika…'); a failed load says so in
 * Polish with 'Spróbuj ponownie' and 'Anuluj'. Loaded: two fields holding the hub's values, 'Zapisz'
 * sends editSwitchCommand (an empty purpose clears it), 'Anuluj' closes. The label is required
 * (1 to 200 characters), the purpose at most 64. Closes when saved; on failure stays open (toast).
 */
export function SwitchEditForm({ name, label, onDone }: SwitchEditFormProps) {
  const { t } = useTranslation();
  const { load, retry } = useSwitchConfig(name);
  const title = t("switches.editTitle", { label });
  if (load.status === "loaded") return <SwitchEditFields item={load.item} title={title} onDone={onDone} />;
  return (
    <div className="switch-edit" role="group" aria-label={title} aria-busy={load.status === "loading" || undefined}>
      {load.status === "loading" ? (
        <p className="muted" role="status">
          {t("switches.configLoading")}
        </p>
      ) : (
        <>
          <p className="switch-edit__error" role="alert">
            {t("switches.configFailed")}
          </p>
          <div className="switch-edit__actions">
            <button type="button" className="button button--primary" onClick={retry}>
              {t("switches.retry")}
            </button>
            <button type="button" className="button" onClick={onDone}>
              {t("switches.cancel")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** The form's fields, starting from the hub's definition `item`. */
function SwitchEditFields({ item, title, onDone }: { item: Switch; title: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [newLabel, setNewLabel] = useState(item.label);
  const [newPurpose, setNewPurpose] = useState(item.purpose ?? "");
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSetAtom(editSwitchCommand);
  const pending = useAtomValue(commandPendingAtom(`switch-config:${item.name}`));
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (newLabel.trim() === "") {
      setError(t("switches.labelRequired"));
      return;
    }
    setError(undefined);
    const outcome = await save({ name: item.name, label: newLabel, purpose: newPurpose });
    if (outcome.status === "done") onDone();
  };
  return (
    <form className="switch-edit" onSubmit={(event) => void handleSubmit(event)} aria-label={title}>
      <TextField
        label={t("switches.labelField")}
        value={newLabel}
        maxLength={200}
        error={error}
        onChange={(event) => setNewLabel(event.target.value)}
      />
      <TextField
        label={t("switches.purposeField")}
        value={newPurpose}
        maxLength={64}
        onChange={(event) => setNewPurpose(event.target.value)}
      />
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
