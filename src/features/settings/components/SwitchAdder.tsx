import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SwitchOption } from "../options";

/** Props of {@link SwitchAdder}. */
export type SwitchAdderProps = {
  options: readonly SwitchOption[];
  /** The items already chosen: they are not offered again. */
  chosen: readonly string[];
  /** Called with the item picked when 'Dodaj' is pressed. */
  onAdd: (item: string) => void;
};

/**
 * 'Dodaj przełącznik' of the settings' switch lists: a labelled select of the switch options not yet
 * in `chosen` (the first preselected) and a 'Dodaj' button; nothing when every option is chosen.
 */
export function SwitchAdder({ options, chosen, onAdd }: SwitchAdderProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [toAdd, setToAdd] = useState("");
  const rest = options.filter((option) => !chosen.includes(option.item));
  const adding = rest.some((option) => option.item === toAdd) ? toAdd : (rest[0]?.item ?? "");
  if (rest.length === 0) return null;
  return (
    <div className="setting-add">
      <label htmlFor={selectId} className="setting-add__label">
        {t("settings.addSwitchLabel")}
      </label>
      <div className="setting-add__row">
        <select
          id={selectId}
          className="select setting-add__select"
          value={adding}
          onChange={(event) => setToAdd(event.currentTarget.value)}
        >
          {rest.map((option) => (
            <option key={option.item} value={option.item}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={() => onAdd(adding)}>
          {t("settings.add")}
        </button>
      </div>
    </div>
  );
}
