import { X } from "lucide-react";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { settingValueIssue } from "../../../../contract/settingValues";
import { formatNumber } from "../../../shared/numberFormat";
import type { Sensor } from "../../../../contract/sensors";
import { ToggleField } from "../../../ui/ToggleField";
import { parseSettingValue, settingAtom, watchdogAlertAtom } from "../live";
import { useSettingSave } from "../useSettingSave";
import {
  newEntryId,
  parseNumberText,
  tempDraftOf,
  tempValueOf,
  weatherDraftOf,
  weatherValueOf,
  type TempEntryDraft,
  type WeatherDraft,
} from "../watchdogDraft";
import { SaveRow } from "./SaveRow";
import { WatchdogCheck } from "./WatchdogCheck";

const formatValue = (value: number, locale: string) =>
  formatNumber(value, locale === "en" ? "en-GB" : "nb-NO", { maximumFractionDigits: 1 });

/** The state of watchdog rule `id`: 'Alarm: 21,7 °C powyżej 20 °C' while active, nothing otherwise. */
function AlertLine({ watchdog, id }: { watchdog: "temp" | "weather"; id: string }) {
  const { t, i18n } = useTranslation();
  const alert = useAtomValue(watchdogAlertAtom(watchdog, id));
  if (!alert?.active) return null;
  const values = { value: formatValue(alert.value, i18n.language), limit: formatValue(alert.limit, i18n.language) };
  return (
    <p className="watchdog-alert" role="status">
      {alert.bound === "min" ? t("settings.alertActiveMin", values) : t("settings.alertActiveMax", values)}
    </p>
  );
}

/** A labelled number field typed as text (a comma is accepted as the decimal mark). */
function NumberField({
  label,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className="settings-select watchdog-number">
      <label htmlFor={id} className="settings-select__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input settings-select__input"
        inputMode="decimal"
        value={value}
        maxLength={8}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

const WEATHER_FIELDS = ["frostBelow", "heatAbove", "pm25Above", "pm10Above"] as const;

/** The weather watchdog's form: on/off and the four thresholds (empty = that alert off). */
function WeatherWatchdogForm() {
  const { t } = useTranslation();
  const stored = parseSettingValue("weatherWatchdog", useAtomValue(settingAtom("weatherWatchdog")));
  const [draft, setDraft] = useState<WeatherDraft | null>(null);
  const saving = useSettingSave("weatherWatchdog");
  const hintId = useId();
  const current = draft ?? weatherDraftOf(stored);
  const value = weatherValueOf(current);
  const unchanged = draft === null || JSON.stringify(value) === JSON.stringify(weatherValueOf(weatherDraftOf(stored)));
  if (draft !== null && unchanged && stored !== null) setDraft(null);
  const edit = (patch: Partial<WeatherDraft>) => {
    setDraft({ ...current, ...patch });
    saving.reset();
  };
  const notANumber = WEATHER_FIELDS.find((field) => Number.isNaN(parseNumberText(current[field])));
  const problem = notANumber
    ? t("settings.notANumber", { field: t(`settings.${notANumber}`) })
    : settingValueIssue("weatherWatchdog", value);

  return (
    <fieldset className="watchdog-form">
      <legend className="setting-editor__title">{t("settings.weatherWatchdog")}</legend>
      <ToggleField
        label={t("settings.weatherEnabled")}
        description={t("settings.weatherEnabledDescription")}
        stateText={{ on: t("menu.on"), off: t("menu.off") }}
        checked={current.enabled}
        onChange={(enabled) => edit({ enabled })}
      />
      <p id={hintId} className="settings-select__description">
        {t("settings.emptyMeansOff")}
      </p>
      <div className="watchdog-grid">
        {WEATHER_FIELDS.map((field) => (
          <NumberField
            key={field}
            label={t(`settings.${field}`)}
            value={current[field]}
            describedBy={hintId}
            onChange={(text) => edit({ [field]: text })}
          />
        ))}
      </div>
      <SaveRow
        state={saving}
        problem={problem}
        unchanged={unchanged && stored !== null}
        onSave={() => void saving.save(value)}
      />
    </fieldset>
  );
}

/** Props of {@link WatchdogEditor}. */
export type WatchdogEditorProps = {
  /** The household's sensors (GET /config/sensors); the temperature ones are offered for limits. */
  sensors: readonly Sensor[];
};

/**
 * The watchdogs' editor (settings `weatherWatchdog` and `tempWatchdog`, docs/contract.md
 * "Watchdogs"), shown in the menu and on /weather: the outdoor weather thresholds (frost, heat, PM2.5,
 * PM10; empty = off), and per-sensor temperature limits (a sensor, a minimum and/or a maximum in °C),
 * each with the alert the hub raises now ('Alarm: 21,7 °C powyżej 20 °C', from `alert/…`). Checked as
 * the hub checks them, saved with PATCH /settings; removing a saved limit sends `idsToRemove` at once.
 * 'Sprawdź teraz' (WatchdogCheck) asks the hub to judge the readings again and lists the active alerts.
 */
export function WatchdogEditor({ sensors }: WatchdogEditorProps) {
  const { t } = useTranslation();
  const storedTemp = parseSettingValue("tempWatchdog", useAtomValue(settingAtom("tempWatchdog")));
  const [draft, setDraft] = useState<TempEntryDraft[] | null>(null);
  const saving = useSettingSave("tempWatchdog");
  const tempSensors = sensors.filter((sensor) => sensor.kind === "temp");
  const entries = draft ?? tempDraftOf(storedTemp);
  const value = tempValueOf(entries);
  const unchanged = draft === null || JSON.stringify(value) === JSON.stringify(tempValueOf(tempDraftOf(storedTemp)));
  if (draft !== null && unchanged) setDraft(null);
  const edit = (next: TempEntryDraft[]) => {
    setDraft(next);
    saving.reset();
  };
  const labelOf = (place: string) => tempSensors.find((sensor) => sensor.place === place)?.label ?? place;
  const storedIds = new Set((storedTemp ?? []).map((entry) => entry.id));
  const badNumber = entries.flatMap((entry) =>
    (["min", "max"] as const).filter((field) => Number.isNaN(parseNumberText(entry[field]))),
  )[0];
  const problem = badNumber
    ? t("settings.notANumber", { field: t(`settings.${badNumber}`) })
    : settingValueIssue("tempWatchdog", value);
  const remove = (entry: TempEntryDraft) => {
    edit(entries.filter((other) => other.id !== entry.id));
    // A saved limit is removed on the hub at once, by id (spec §7: tempWatchdog's idsToRemove).
    if (storedIds.has(entry.id)) void saving.save(storedTemp ?? [], [entry.id]);
  };

  return (
    <div className="setting-editor watchdog-editor">
      <WeatherWatchdogForm />
      <fieldset className="watchdog-form">
        <legend className="setting-editor__title">{t("settings.tempWatchdog")}</legend>
        {entries.length === 0 && <p className="muted">{t("settings.tempEmpty")}</p>}
        <ul className="watchdog-entries">
          {entries.map((entry, index) => (
            <TempEntryRow
              key={entry.id}
              entry={entry}
              sensors={tempSensors}
              label={labelOf(entry.sensor)}
              onChange={(next) => edit(entries.map((other, at) => (at === index ? next : other)))}
              onRemove={() => remove(entry)}
            />
          ))}
        </ul>
        <button
          type="button"
          className="button watchdog-add"
          disabled={tempSensors.length === 0}
          onClick={() =>
            edit([
              ...entries,
              {
                id: newEntryId(entries.map((entry) => entry.id)),
                sensor: tempSensors[0]?.place ?? "",
                min: "",
                max: "",
              },
            ])
          }
        >
          {t("settings.addLimit")}
        </button>
        <SaveRow state={saving} problem={problem} unchanged={unchanged} onSave={() => void saving.save(value)} />
      </fieldset>
      <WatchdogCheck sensors={sensors} />
    </div>
  );
}

/** One temperature limit: its sensor, minimum and maximum, its alert, and 'Usuń próg'. */
function TempEntryRow({
  entry,
  sensors,
  label,
  onChange,
  onRemove,
}: {
  entry: TempEntryDraft;
  sensors: readonly Sensor[];
  label: string;
  onChange: (entry: TempEntryDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const sensorId = useId();
  const known = sensors.some((sensor) => sensor.place === entry.sensor);
  return (
    <li className="watchdog-entry">
      <div className="settings-select watchdog-entry__sensor">
        <label htmlFor={sensorId} className="settings-select__label">
          {t("settings.sensor")}
        </label>
        <select
          id={sensorId}
          className="select settings-select__input"
          value={entry.sensor}
          onChange={(event) => onChange({ ...entry, sensor: event.currentTarget.value })}
        >
          {!known && <option value={entry.sensor}>{entry.sensor}</option>}
          {sensors.map((sensor) => (
            <option key={sensor.id} value={sensor.place}>
              {sensor.label}
            </option>
          ))}
        </select>
      </div>
      <NumberField label={t("settings.min")} value={entry.min} onChange={(min) => onChange({ ...entry, min })} />
      <NumberField label={t("settings.max")} value={entry.max} onChange={(max) => onChange({ ...entry, max })} />
      <button
        type="button"
        className="button icon-button watchdog-entry__remove"
        aria-label={t("settings.removeLimit", { label })}
        onClick={onRemove}
      >
        <X aria-hidden="true" size={20} />
      </button>
      <div className="watchdog-entry__alerts">
        <AlertLine watchdog="temp" id={`${entry.id}-min`} />
        <AlertLine watchdog="temp" id={`${entry.id}-max`} />
      </div>
    </li>
  );
}
