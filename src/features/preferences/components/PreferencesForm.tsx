import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import type { ApiClient } from "../../../lib/api/client";
import { ToggleField } from "../../../ui/ToggleField";
import { preferencesAtom } from "../atoms";
import { LocaleSchema, type PreferencesPatch } from "../schemas";
import { useSavePreferences } from "./useSavePreferences";

/** Props of {@link PreferencesForm}. */
export type PreferencesFormProps = { auth: ApiClient; notify: (message: string, tone?: "error" | "info") => void };

/**
 * Menu preferences (spec §3, §4): 'Układ samochodowy' (appUi car/standard), 'Blokada powiększenia'
 * (zoomState locked/unlocked), 'Powiadomienia' (alerts) and the 'Język' select (Polski / English).
 * Each change is saved at once with PATCH /preferences; a failure reverts it and notifies.
 */
export function PreferencesForm({ auth, notify }: PreferencesFormProps) {
  const { t } = useTranslation();
  const preferences = useAtomValue(preferencesAtom);
  const save = useSavePreferences(auth);
  const languageId = useId();

  const handleChange = (patch: PreferencesPatch) => {
    save(patch).catch(() => notify(t("menu.failed"), "error"));
  };

  return (
    <div className="menu">
      <ToggleField
        label={t("menu.carLayout")}
        checked={preferences.appUi === "car"}
        onChange={(checked) => handleChange({ appUi: checked ? "car" : "standard" })}
      />
      <ToggleField
        label={t("menu.zoomLock")}
        checked={preferences.zoomState === "locked"}
        onChange={(checked) => handleChange({ zoomState: checked ? "locked" : "unlocked" })}
      />
      <ToggleField
        label={t("menu.alerts")}
        checked={preferences.alerts}
        onChange={(alerts) => handleChange({ alerts })}
      />
      <div className="field">
        <label htmlFor={languageId} className="field__label">
          {t("menu.language")}
        </label>
        <select
          id={languageId}
          className="select"
          value={preferences.locale}
          onChange={(event) => {
            const parsed = v.safeParse(LocaleSchema, event.currentTarget.value);
            if (parsed.success) handleChange({ locale: parsed.output });
          }}
        >
          <option value="pl" lang="pl">
            {t("languages.pl")}
          </option>
          <option value="en" lang="en">
            {t("languages.en")}
          </option>
        </select>
      </div>
    </div>
  );
}
