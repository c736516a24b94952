import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { settingValueIssue } from "../../../../contract/settingValues";
import { parseSettingValue, settingAtom } from "../live";
import type { SwitchOption } from "../options";
import { useSettingSave } from "../useSettingSave";
import { SaveRow } from "./SaveRow";

/** Props of {@link GarageLightPicker}. */
export type GarageLightPickerProps = { options: readonly SwitchOption[] };

/**
 * 'Światło garażu' (setting `garageLight`): one switch or relay, or 'Brak', with the line
 * 'Hub włącza ten przełącznik, gdy brama garażowa zaczyna się otwierać.' (the hub does it:
 * hub/garage/light.ts). 'Zapisz' sends it with PATCH /settings.
 */
export function GarageLightPicker({ options }: GarageLightPickerProps) {
  const { t } = useTranslation();
  const stored = parseSettingValue("garageLight", useAtomValue(settingAtom("garageLight"))) ?? null;
  const [draft, setDraft] = useState<string | null | undefined>(undefined);
  const saving = useSettingSave("garageLight");
  const selectId = useId();
  const value = draft === undefined ? stored : draft;
  const unchanged = draft === undefined || draft === stored;
  if (draft !== undefined && draft === stored) setDraft(undefined);
  const known = value === null || options.some((option) => option.item === value);

  return (
    <div className="setting-editor settings-select">
      <label htmlFor={selectId} className="settings-select__label">
        {t("settings.garageLight")}
      </label>
      <select
        id={selectId}
        className="select settings-select__input"
        value={value ?? ""}
        aria-describedby={`${selectId}-description`}
        onChange={(event) => {
          setDraft(event.currentTarget.value === "" ? null : event.currentTarget.value);
          saving.reset();
        }}
      >
        <option value="">{t("settings.garageLightNone")}</option>
        {!known && value !== null && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.item} value={option.item}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${selectId}-description`} className="settings-select__description">
        {t("settings.garageLightDescription")}
      </p>
      <SaveRow
        state={saving}
        problem={settingValueIssue("garageLight", value)}
        unchanged={unchanged}
        onSave={() => void saving.save(value)}
      />
    </div>
  );
}
