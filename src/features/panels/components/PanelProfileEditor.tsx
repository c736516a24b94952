import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { PanelProfileSchema, type Panel, type PanelProfile } from "../../../../contract/panels";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { ToggleField } from "../../../ui/ToggleField";
import { ScreenSuggestions } from "../../../platform/preferences/components/ScreenSuggestions";
import { OrderedTicks, tickRows, type TickRow } from "./OrderedTicks";

/** One place the car dashboard can show: its id (contract/panels.ts `carButtons`) and, for an item, its name. */
export type CarSectionChoice = { id: string; name?: string };

/** Props of {@link PanelProfileEditor}. */
export type PanelProfileEditorProps = {
  panel: Panel;
  /** Home's section ids in the app's order (`sensors` = the rooms' tiles; the router context's homeSections). */
  sections: readonly string[];
  /**
   * The car dashboard's places in the app's order (src/features/car carSectionIds): section ids, and
   * `<section>:<item>` ids of single items (an adopted device) with the name to show.
   */
  carSections: readonly CarSectionChoice[];
  onSave: (profile: PanelProfile) => Promise<boolean>;
  onCancel: () => void;
};

/** The form's text of a number (empty for none). */
const text = (value: number | undefined) => (value === undefined ? "" : String(value));

/**
 * A panel's profile, for this panel or another (contract/panels.ts PanelProfileSchema): the start
 * screen, the layout (the account's, standard, car), home's sections (ticked ones shown, in the
 * order listed, 'Wyżej' moves one up; untouched = the app's order), the car dashboard's sections
 * (`carButtons`: ticked and ordered the same way; untouched = all in the app's order), the
 * locked-down mode, and the screensaver's settings (on, the day's stages in seconds, the night from–to,
 * the dimmed brightness, the waking sensor). 'Zapisz' checks it with the contract's schema and
 * sends it (PATCH /panels/{id}); a field the schema refuses is named under the form.
 */
export function PanelProfileEditor({ panel, sections, carSections, onSave, onCancel }: PanelProfileEditorProps) {
  const { t } = useTranslation();
  const profile = panel.profile;
  const [startScreen, setStartScreen] = useState(profile.startScreen ?? "");
  const screensId = useId();
  const [layout, setLayout] = useState<string>(profile.layout ?? "");
  const [home, setHome] = useState<TickRow[] | null>(() => tickRows(sections, profile.home));
  const carIds = carSections.map((choice) => choice.id);
  const [car, setCar] = useState<TickRow[] | null>(() => tickRows(carIds, profile.carButtons));
  const [lockedDown, setLockedDown] = useState(profile.lockedDown);
  const saver = profile.screensaver;
  const [enabled, setEnabled] = useState(saver.enabled);
  const [stages, setStages] = useState({
    screensaverAfterS: text(saver.day.screensaverAfterS),
    dimAfterS: text(saver.day.dimAfterS),
    blackAfterS: text(saver.day.blackAfterS),
  });
  const [nightFrom, setNightFrom] = useState(saver.night?.from ?? "");
  const [nightTo, setNightTo] = useState(saver.night?.to ?? "");
  const [dimBrightness, setDimBrightness] = useState(text(saver.dimBrightness));
  const [wakeSensor, setWakeSensor] = useState(saver.wakeSensor ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const rows = home ?? sections.map((id) => ({ id, shown: true }));
  const carRows = car ?? carIds.map((id) => ({ id, shown: true }));
  const carName = (id: string) =>
    carSections.find((choice) => choice.id === id)?.name ?? t(`panels.carSections.${id}`, { defaultValue: id });
  const sectionName = (id: string) =>
    id === "sensors" ? t("panels.sections.sensors") : t(`${id}.title`, { defaultValue: id });

  const save = async () => {
    const day = {
      screensaverAfterS: Number(stages.screensaverAfterS),
      dimAfterS: Number(stages.dimAfterS),
      blackAfterS: Number(stages.blackAfterS),
    };
    const candidate = {
      ...(startScreen.trim() !== "" ? { startScreen: startScreen.trim() } : {}),
      ...(layout !== "" ? { layout } : {}),
      ...(home ? { home: home.filter((row) => row.shown).map((row) => row.id) } : {}),
      ...(car ? { carButtons: car.filter((row) => row.shown).map((row) => row.id) } : {}),
      lockedDown,
      screensaver: {
        enabled,
        day,
        ...(nightFrom !== "" || nightTo !== "" ? { night: { from: nightFrom, to: nightTo, stages: day } } : {}),
        dimBrightness: Number(dimBrightness.replace(",", ".")),
        ...(wakeSensor.trim() !== "" ? { wakeSensor: wakeSensor.trim() } : {}),
      },
    };
    const parsed = v.safeParse(PanelProfileSchema, candidate);
    if (!parsed.success) {
      const path = v.getDotPath(parsed.issues[0]) ?? "";
      setProblem(`${t("panels.profileForm.invalid")}: ${path}`);
      return;
    }
    setProblem(null);
    await onSave(parsed.output);
  };

  return (
    <form
      className="panel-profile"
      aria-label={t("panels.profileTitle", { name: panel.name })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3>{t("panels.profileTitle", { name: panel.name })}</h3>
      <TextField
        label={t("panels.profileForm.startScreen")}
        maxLength={200}
        list={screensId}
        value={startScreen}
        onChange={(event) => setStartScreen(event.target.value)}
      />
      <ScreenSuggestions id={screensId} />
      <SelectField
        label={t("panels.profileForm.layout")}
        options={[
          { value: "", label: t("panels.profileForm.layoutDefault") },
          { value: "standard", label: t("panels.profileForm.layouts.standard") },
          { value: "car", label: t("panels.profileForm.layouts.car") },
        ]}
        value={layout}
        onChange={(event) => setLayout(event.target.value)}
      />
      <OrderedTicks
        legend={t("panels.profileForm.home")}
        intro={t("panels.profileForm.homeIntro")}
        rows={rows}
        nameOf={sectionName}
        onChange={setHome}
        {...(home ? { onReset: () => setHome(null) } : {})}
      />
      <OrderedTicks
        legend={t("panels.profileForm.carButtons")}
        intro={t("panels.profileForm.carButtonsIntro")}
        rows={carRows}
        nameOf={carName}
        onChange={setCar}
        {...(car ? { onReset: () => setCar(null) } : {})}
      />
      <ToggleField label={t("panels.profileForm.lockedDown")} checked={lockedDown} onChange={setLockedDown} />
      <fieldset className="panel-profile__group">
        <legend>{t("panels.profileForm.screensaver")}</legend>
        <ToggleField label={t("panels.profileForm.screensaverEnabled")} checked={enabled} onChange={setEnabled} />
        {(["screensaverAfterS", "dimAfterS", "blackAfterS"] as const).map((stage) => (
          <TextField
            key={stage}
            type="number"
            min={0}
            inputMode="numeric"
            label={t(
              `panels.profileForm.${stage === "screensaverAfterS" ? "screensaverAfter" : stage === "dimAfterS" ? "dimAfter" : "blackAfter"}`,
            )}
            value={stages[stage]}
            onChange={(event) => setStages({ ...stages, [stage]: event.target.value })}
          />
        ))}
        <TextField
          type="time"
          label={t("panels.profileForm.nightFrom")}
          value={nightFrom}
          onChange={(event) => setNightFrom(event.target.value)}
        />
        <TextField
          type="time"
          label={t("panels.profileForm.nightTo")}
          value={nightTo}
          onChange={(event) => setNightTo(event.target.value)}
        />
        <TextField
          inputMode="decimal"
          label={t("panels.profileForm.dimBrightness")}
          value={dimBrightness}
          onChange={(event) => setDimBrightness(event.target.value)}
        />
        <TextField
          label={t("panels.profileForm.wakeSensor")}
          maxLength={200}
          value={wakeSensor}
          onChange={(event) => setWakeSensor(event.target.value)}
        />
      </fieldset>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="panel-row">
        <button type="submit" className="button button--primary">
          {t("panels.save")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("panels.cancel")}
        </button>
      </div>
    </form>
  );
}
