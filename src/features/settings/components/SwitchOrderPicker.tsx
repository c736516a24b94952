import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { settingValueIssue } from "../../../../contract/settingValues";
import { parseSettingValue, settingAtom } from "../live";
import { moved, optionLabel, type SwitchOption } from "../options";
import { useSettingSave } from "../useSettingSave";
import { SaveRow } from "./SaveRow";
import { SwitchAdder } from "./SwitchAdder";

/** Props of {@link SwitchOrderPicker}. */
export type SwitchOrderPickerProps = {
  /** The setting chosen here: the home screen's or the car dashboard's switches. */
  settingKey: "dashboardSwitches" | "carDashboardSwitches";
  /** Its heading, e.g. 'Przełączniki na ekranie głównym'. */
  title: string;
  options: readonly SwitchOption[];
};

/**
 * An ordered choice of switches for a dashboard (settings `dashboardSwitches` /
 * `carDashboardSwitches`): the chosen ones as a numbered list, each with 'Przesuń wyżej', 'Przesuń
 * niżej' and 'Usuń' buttons named by its label, and a select of the rest with 'Dodaj'. 'Zapisz'
 * sends it (PATCH /settings); the screen showing it follows the hub's `settings/<key>` at once. The
 * draft starts from the stored value and is checked with the hub's own rules before sending.
 */
export function SwitchOrderPicker({ settingKey, title, options }: SwitchOrderPickerProps) {
  const { t } = useTranslation();
  const stored = parseSettingValue(settingKey, useAtomValue(settingAtom(settingKey))) ?? [];
  const [draft, setDraft] = useState<string[] | null>(null);
  const saving = useSettingSave(settingKey);
  const headingId = useId();
  const chosen = draft ?? stored;
  const edit = (next: string[]) => {
    setDraft(next);
    saving.reset();
  };
  const unchanged = draft === null || JSON.stringify(draft) === JSON.stringify(stored);
  // Once the hub's settings/<key> says what was saved, the draft is done: follow the stored value again.
  if (draft !== null && unchanged) setDraft(null);

  return (
    <section className="setting-editor" aria-labelledby={headingId}>
      <h3 id={headingId} className="setting-editor__title">
        {title}
      </h3>
      {chosen.length === 0 ? (
        <p className="muted">{t("settings.chosenEmpty")}</p>
      ) : (
        <ol className="setting-order" aria-labelledby={headingId}>
          {chosen.map((item, index) => {
            const label = optionLabel(options, item);
            return (
              <li key={item} className="setting-order__item">
                <span className="setting-order__label">{label}</span>
                <span className="setting-order__actions">
                  <button
                    type="button"
                    className="button icon-button"
                    aria-label={t("settings.moveUp", { label })}
                    disabled={index === 0}
                    onClick={() => edit(moved(chosen, index, -1))}
                  >
                    <ArrowUp aria-hidden="true" size={20} />
                  </button>
                  <button
                    type="button"
                    className="button icon-button"
                    aria-label={t("settings.moveDown", { label })}
                    disabled={index === chosen.length - 1}
                    onClick={() => edit(moved(chosen, index, 1))}
                  >
                    <ArrowDown aria-hidden="true" size={20} />
                  </button>
                  <button
                    type="button"
                    className="button icon-button"
                    aria-label={t("settings.remove", { label })}
                    onClick={() => edit(chosen.filter((other) => other !== item))}
                  >
                    <X aria-hidden="true" size={20} />
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <SwitchAdder options={options} chosen={chosen} onAdd={(item) => edit([...chosen, item])} />
      <SaveRow
        state={saving}
        problem={settingValueIssue(settingKey, chosen)}
        unchanged={unchanged}
        onSave={() => void saving.save(chosen)}
      />
    </section>
  );
}
