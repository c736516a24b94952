import { useTranslation } from "react-i18next";
import { PANEL_TRIGGER_FIELDS, type AutomationBodyInput } from "../../../../contract/automations";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";

/** A `panel` trigger as the form holds it (contract/automations.ts PanelTriggerSchema's input). */
export type PanelTriggerInput = Extract<AutomationBodyInput["trigger"], { type: "panel" }>;

/** Props of {@link PanelTriggerFields}. */
export type PanelTriggerFieldsProps = {
  trigger: PanelTriggerInput;
  panels: readonly { id: string; name: string }[];
  onChange: (trigger: PanelTriggerInput) => void;
  errorOf: (path: string) => string | undefined;
};

/** The value a field starts with: battery below 20 %, `/` for the screen, awake, true for the yes/no ones. */
function fieldDefault(field: PanelTriggerInput["field"]): Pick<PanelTriggerInput, "above" | "below" | "equals"> {
  switch (field) {
    case "battery":
      return { below: 20 };
    case "screen":
      return { equals: "/" };
    case "screenState":
      return { equals: "awake" };
    default:
      return { equals: true };
  }
}

/**
 * The fields of a `panel` trigger ('Panel'): which panel (or any), what it reports (battery,
 * charging, page visible, screen, screen state, connected), then the battery's 'powyżej' / 'poniżej'
 * a percentage, a path for the screen, a screen state, or 'tak' / 'nie'.
 */
export function PanelTriggerFields({ trigger, panels, onChange, errorOf }: PanelTriggerFieldsProps) {
  const { t } = useTranslation();
  const base = {
    type: "panel" as const,
    field: trigger.field,
    ...(trigger.panelId ? { panelId: trigger.panelId } : {}),
  };
  const valueError =
    errorOf("trigger.above") ?? errorOf("trigger.below") ?? errorOf("trigger.equals") ?? errorOf("trigger");
  return (
    <>
      <SelectField
        label={t("automations.editor.panel")}
        options={[
          { value: "", label: t("automations.editor.anyPanel") },
          ...panels.map((panel) => ({ value: panel.id, label: panel.name })),
        ]}
        value={trigger.panelId ?? ""}
        error={errorOf("trigger.panelId")}
        onChange={(event) => {
          const { panelId: _drop, ...rest } = trigger;
          onChange(event.target.value === "" ? rest : { ...rest, panelId: event.target.value });
        }}
      />
      <SelectField
        label={t("automations.editor.panelField")}
        options={PANEL_TRIGGER_FIELDS.map((field) => ({ value: field, label: t(`automations.panelField.${field}`) }))}
        value={trigger.field}
        onChange={(event) => {
          const field = event.target.value as PanelTriggerInput["field"];
          onChange({ ...base, field, ...fieldDefault(field) });
        }}
      />
      {trigger.field === "battery" && (
        <>
          <SelectField
            label={t("automations.editor.direction")}
            options={(["above", "below"] as const).map((value) => ({
              value,
              label: t(`automations.direction.${value}`),
            }))}
            value={trigger.above !== undefined ? "above" : "below"}
            onChange={(event) => {
              const value = trigger.above ?? trigger.below ?? 20;
              onChange(event.target.value === "above" ? { ...base, above: value } : { ...base, below: value });
            }}
          />
          <TextField
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            label={t("automations.editor.batteryPercent")}
            value={String(trigger.above ?? trigger.below ?? "")}
            error={valueError}
            onChange={(event) => {
              const value = event.target.value.trim() === "" ? Number.NaN : Number(event.target.value);
              onChange(trigger.above !== undefined ? { ...base, above: value } : { ...base, below: value });
            }}
          />
        </>
      )}
      {trigger.field === "screen" && (
        <TextField
          label={t("automations.editor.panelPath")}
          maxLength={200}
          value={typeof trigger.equals === "string" ? trigger.equals : ""}
          error={valueError}
          onChange={(event) => onChange({ ...base, equals: event.target.value })}
        />
      )}
      {trigger.field === "screenState" && (
        <SelectField
          label={t("automations.editor.panelValue")}
          options={(["awake", "screensaver", "dim", "black"] as const).map((value) => ({
            value,
            label: t(`automations.panelScreenState.${value}`),
          }))}
          value={String(trigger.equals ?? "awake")}
          onChange={(event) => onChange({ ...base, equals: event.target.value })}
        />
      )}
      {(trigger.field === "charging" || trigger.field === "visible" || trigger.field === "online") && (
        <SelectField
          label={t("automations.editor.panelValue")}
          options={(["true", "false"] as const).map((value) => ({
            value,
            label: t(`automations.panelBoolean.${value}`),
          }))}
          value={String(trigger.equals ?? true)}
          onChange={(event) => onChange({ ...base, equals: event.target.value === "true" })}
        />
      )}
    </>
  );
}
