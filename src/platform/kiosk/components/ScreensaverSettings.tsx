import { useAtomValue, useSetAtom } from "jotai";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IdleStages } from "../../../../contract/panels";
import { ToggleField } from "../../../ui/ToggleField";
import { panelProfileAtom, setScreensaverAtom } from "../profile";

const STAGES = [
  { key: "screensaverAfterS", label: "menu.screensaverAfter" },
  { key: "dimAfterS", label: "menu.dimAfter" },
  { key: "blackAfterS", label: "menu.blackAfter" },
] as const satisfies ReadonlyArray<{ key: keyof IdleStages; label: string }>;

type Draft = Record<keyof IdleStages, string>;

const minutesText = (seconds: number): string => String(Math.round((seconds / 60) * 100) / 100);

/** Minutes as typed ('2', '0.5', '1,5') to whole seconds 0..86400, or null when not such a number. */
export function secondsOfMinutes(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return null;
  const seconds = Math.round(Number(trimmed) * 60);
  return seconds <= 86_400 ? seconds : null;
}

/**
 * 'Wygaszacz ekranu' in the menu's 'To urządzenie': this panel's screensaver on or off (applied at
 * once) and the day's three stages in minutes ('Zegar po', 'Przyciemnienie po', 'Czarny ekran po';
 * 0 skips a stage), saved with 'Zapisz wygaszacz'. Kept in this panel's profile (panelProfileAtom,
 * on this device and, once this browser is a registered panel, in the hub's profile of this panel;
 * 'Nie udało się zapisać…' when the hub refuses). The night schedule, the brightness and the wake sensor are the profile editor's.
 */
export function ScreensaverSettings() {
  const { t } = useTranslation();
  const id = useId();
  const screensaver = useAtomValue(panelProfileAtom).screensaver;
  const save = useSetAtom(setScreensaverAtom);
  const [draft, setDraft] = useState<Draft>(() => ({
    screensaverAfterS: minutesText(screensaver.day.screensaverAfterS),
    dimAfterS: minutesText(screensaver.day.dimAfterS),
    blackAfterS: minutesText(screensaver.day.blackAfterS),
  }));
  const [status, setStatus] = useState<"idle" | "saved" | "invalid" | "failed">("idle");
  const store = (next: typeof screensaver) => {
    save(next).then(
      () => setStatus("saved"),
      () => setStatus("failed"),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = {
      screensaverAfterS: secondsOfMinutes(draft.screensaverAfterS),
      dimAfterS: secondsOfMinutes(draft.dimAfterS),
      blackAfterS: secondsOfMinutes(draft.blackAfterS),
    };
    if (day.screensaverAfterS === null || day.dimAfterS === null || day.blackAfterS === null) {
      setStatus("invalid");
      return;
    }
    store({ ...screensaver, day: { ...day } as IdleStages });
  };

  return (
    <div className="screensaver-settings" data-testid="screensaver-settings">
      <ToggleField
        label={t("menu.screensaver")}
        description={t("menu.screensaverDescription")}
        stateText={{ on: t("menu.on"), off: t("menu.off") }}
        checked={screensaver.enabled}
        onChange={(enabled) => store({ ...screensaver, enabled })}
      />
      <form className="screensaver-settings__stages" onSubmit={submit} noValidate>
        {STAGES.map(({ key, label }) => (
          <div className="field" key={key}>
            <label className="field__label" htmlFor={`${id}-${key}`}>
              {t(label)}
            </label>
            <input
              id={`${id}-${key}`}
              className="field__input"
              inputMode="decimal"
              aria-describedby={`${id}-hint`}
              value={draft[key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((current) => ({ ...current, [key]: value }));
                setStatus("idle");
              }}
            />
          </div>
        ))}
        <p id={`${id}-hint`} className="muted">
          {t("menu.stageHint")}
        </p>
        <button type="submit" className="button">
          {t("menu.screensaverSave")}
        </button>
        <p role="status" className={status === "invalid" || status === "failed" ? "field__error" : "muted"}>
          {status === "saved"
            ? t("menu.screensaverSaved")
            : status === "invalid"
              ? t("menu.screensaverInvalid")
              : status === "failed"
                ? t("menu.screensaverSaveFailed")
                : ""}
        </p>
      </form>
    </div>
  );
}
