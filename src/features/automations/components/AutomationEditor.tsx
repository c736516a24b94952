import { valibotResolver } from "@hookform/resolvers/valibot";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { Controller, get, useFieldArray, useForm, type FieldErrors, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { bodyRefusalOf, isApiError } from "../../../lib/api/errors";
import {
  AUTOMATION_ACTION_KINDS,
  AutomationBodySchema,
  MAX_AUTOMATION_ACTIONS,
  MAX_AUTOMATIONS,
  WEEKDAYS,
  type Automation,
  type AutomationActionKind,
  type AutomationBody,
  type AutomationBodyInput,
  type AutomationTriggerType,
} from "../../../../contract/automations";
import { LIMIT_REACHED } from "../../../../contract/errors";
import { GARAGE_ACTIONS, GARAGE_DOORS } from "../../../../contract/garage";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { ToggleField } from "../../../ui/ToggleField";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { saveAutomationCommand } from "../commands";
import { defaultAction, defaultTrigger, newAutomation, type EditorChoices } from "../defaults";
import { actionKindKey, sensorName } from "../describe";
import { boundsProblem, findLeaf, settableCapabilities } from "../deviceChoices";
import { DeviceSetFields, type DeviceSetInput } from "./DeviceSetFields";
import { DeviceTriggerFields } from "./DeviceTriggerFields";
import { PanelTriggerFields } from "./PanelTriggerFields";
import { PanelCommandFields, PanelTargetFields, type PanelCommandInput, type PanelTargetInput } from "../../panels";

const TRIGGER_TYPES: readonly AutomationTriggerType[] = [
  "time",
  "threshold",
  "switch",
  "door",
  "doorbell",
  "device",
  "panel",
];

/** Props of {@link AutomationEditor}: the automation to edit (none = a new one), the household's choices, and what to do when closed. */
export type AutomationEditorProps = { automation?: Automation | undefined; choices: EditorChoices; onDone: () => void };

/** An empty number input is `undefined` (an optional field left out), anything else a number (NaN fails the schema). */
const optionalNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

/** The Polish (or English) text of a field's error: the schema's rule in the household's words, the hub's own text for its refusals. */
function errorKey(message: string | undefined, type: string | undefined): string | null {
  if (message === undefined) return null;
  if (type === "server" || type === "bounds") return message;
  if (message.includes("HH:MM")) return "automations.editor.timeFormat";
  if (message === "choose at least one day") return "automations.editor.daysRequired";
  if (message === "add at least one action") return "automations.editor.actionsRequired";
  if (message === `at most ${String(MAX_AUTOMATION_ACTIONS)} actions`) return "automations.editor.actionsMax";
  if (message === "must not be empty" || message.startsWith("choose a")) return "automations.editor.required";
  if (message === "give exactly one of equals, above, below") return "automations.editor.required";
  // valibot's own text of an empty required text (a capability not chosen, an empty IR code).
  if (message.startsWith("Invalid length: Expected >=1 but received 0")) return "automations.editor.required";
  return "automations.editor.invalid";
}

/**
 * The automation editor: react-hook-form validated by the contract's own
 * AutomationBodySchema (valibot), so a bad automation is refused before it is sent with the field
 * named under it; a refusal by the hub (400 naming the field) is shown the same way and in an alert.
 * Name, enabled, the trigger (type; time input and weekday chips; sensor, switch or door pickers from
 * the household config; a registry device's capability: DeviceTriggerFields) and the ordered actions
 * (kind and its fields, a device's capability set: DeviceSetFields, its number kept within the
 * capability's bounds; a panel trigger: PanelTriggerFields; a panel command's target and fields from
 * the panels feature,
 * capability's bounds; add, remove, move up; at most MAX_AUTOMATION_ACTIONS). 'Zapisz' sends saveAutomationCommand and closes when saved; 'Anuluj'
 * closes. A new automation past the household's cap (409 LIMIT_REACHED, another tablet added one
 * meanwhile) is refused in an alert with the cap.
 */
export function AutomationEditor({ automation, choices, onDone }: AutomationEditorProps) {
  const { t } = useTranslation();
  /** A select's options for `values`, each labelled by its word under `prefix` ('automations.direction.above'). */
  const wordOptions = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const save = useSetAtom(saveAutomationCommand);
  const gate = useCommandGate({ key: `automation:${automation?.id ?? "new"}` });
  const { disabled, pending } = gate;
  const [refusal, setRefusal] = useState<string | null>(null);
  const initial: AutomationBodyInput = automation
    ? { name: automation.name, enabled: automation.enabled, trigger: automation.trigger, actions: automation.actions }
    : newAutomation(choices);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<AutomationBodyInput, unknown, AutomationBody>({
    resolver: valibotResolver(AutomationBodySchema),
    defaultValues: initial,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const actions = useFieldArray({ control, name: "actions" });
  /** register() plus the field's current value as the element's default: a select then shows it at once (not only after RHF's ref sets it). */
  const bind = (path: Path<AutomationBodyInput>, options?: Parameters<typeof register>[1]) => {
    const value: unknown = getValues(path);
    return {
      ...register(path, options),
      defaultValue: typeof value === "string" || typeof value === "number" ? value : undefined,
    };
  };
  const trigger = watch("trigger");
  const watchedActions = watch("actions");

  const errorOf = (path: string): string | undefined => {
    const error = get(errors as FieldErrors, path) as { message?: string; type?: string } | undefined;
    const key = errorKey(error?.message, error?.type);
    return key === null ? undefined : error?.type === "server" ? key : t(key, { max: MAX_AUTOMATION_ACTIONS });
  };

  /** A device action's number outside its capability's bounds, shown under it (the hub would refuse it when run). */
  const outOfBounds = (body: AutomationBodyInput): boolean => {
    let found = false;
    body.actions.forEach((action, index) => {
      if (action.kind !== "device.set") return;
      const device = choices.devices.find((item) => item.id === action.device);
      const leaf = device && findLeaf(device, settableCapabilities(device), action);
      const problem = leaf ? boundsProblem(leaf, action.value) : null;
      if (!problem) return;
      found = true;
      setError(`actions.${String(index)}.value` as Path<AutomationBodyInput>, {
        type: "bounds",
        message: t(problem.key, problem.values),
      });
    });
    return found;
  };

  const submit = async (body: AutomationBody) => {
    setRefusal(null);
    if (outOfBounds(body)) return;
    const outcome = await save({ id: automation?.id, body });
    if (outcome.status === "done") {
      onDone();
      return;
    }
    const error = outcome.status === "failed" ? outcome.error : null;
    if (isApiError(error) && error.code === LIMIT_REACHED) {
      const limit = (error.body as { limit?: unknown } | undefined)?.limit;
      setRefusal(t("automations.limitReached", { limit: typeof limit === "number" ? limit : MAX_AUTOMATIONS }));
      return;
    }
    const refusal = bodyRefusalOf(error);
    if (refusal) {
      setRefusal(t("automations.refused", { message: refusal.message }));
      if (refusal.field !== null)
        setError(refusal.field as Path<AutomationBodyInput>, { type: "server", message: refusal.reason });
    }
  };

  const sensorOptions = (doors: boolean) => [
    { value: "", label: t("automations.editor.choose") },
    ...choices.sensors
      .filter((sensor) => (sensor.kind === "door") === doors)
      .map((sensor) => ({ value: sensor.id, label: sensorName(t, choices.sensors, sensor.id) })),
  ];
  const switchOptions = [
    { value: "", label: t("automations.editor.choose") },
    ...choices.switches.map((item) => ({ value: item.name, label: item.label })),
  ];
  const lightOptions = [
    { value: "", label: t("automations.editor.choose") },
    ...choices.lights.map((light) => ({ value: light.id, label: light.label })),
  ];
  const stateOptions = (["ON", "OFF", "TOGGLE"] as const).map((state) => ({
    value: state,
    label: t(`automations.state.${state}`),
  }));
  const title = automation
    ? t("automations.editor.editTitle", { name: automation.name })
    : t("automations.editor.newTitle");

  /** The switch select and its relay number field (0..32) of a switch trigger or a switch action. */
  const switchFields = (switchPath: Path<AutomationBodyInput>, relayPath: Path<AutomationBodyInput>) => (
    <>
      <SelectField
        label={t("automations.editor.switch")}
        options={switchOptions}
        error={errorOf(switchPath)}
        {...bind(switchPath)}
      />
      <TextField
        type="number"
        min={0}
        max={32}
        inputMode="numeric"
        label={t("automations.editor.relay")}
        error={errorOf(relayPath)}
        {...bind(relayPath, { setValueAs: optionalNumber })}
      />
    </>
  );

  return (
    <form
      className="automation-editor"
      aria-label={title}
      noValidate
      onSubmit={(event) => void handleSubmit(submit, () => outOfBounds(getValues()))(event)}
    >
      <h2>{title}</h2>
      <TextField
        label={t("automations.editor.name")}
        maxLength={100}
        autoComplete="off"
        error={errorOf("name")}
        {...bind("name")}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <ToggleField
            label={t("automations.editor.enabled")}
            checked={field.value ?? true}
            onChange={field.onChange}
            stateText={{ on: t("automations.switchTo.ON"), off: t("automations.switchTo.OFF") }}
          />
        )}
      />

      <fieldset className="automation-editor__group">
        <legend>{t("automations.editor.trigger")}</legend>
        <SelectField
          label={t("automations.editor.triggerType")}
          options={wordOptions(TRIGGER_TYPES, "automations.triggerType")}
          value={trigger.type}
          onChange={(event) =>
            setValue("trigger", defaultTrigger(event.target.value as AutomationTriggerType, choices), {
              shouldValidate: false,
            })
          }
        />
        {trigger.type === "time" && (
          <>
            <TextField
              type="time"
              label={t("automations.editor.time")}
              error={errorOf("trigger.time")}
              {...bind("trigger.time")}
            />
            <Controller
              control={control}
              name="trigger.days"
              render={({ field }) => {
                const days = (field.value ?? []) as number[];
                return (
                  <div className="field">
                    <span className="field__label" id="automation-days-label">
                      {t("automations.editor.days")}
                    </span>
                    <div className="automation-editor__days" role="group" aria-labelledby="automation-days-label">
                      {WEEKDAYS.map((day) => {
                        const on = days.includes(day);
                        return (
                          <button
                            key={day}
                            type="button"
                            className="chip"
                            aria-pressed={on}
                            onClick={() =>
                              field.onChange(
                                on ? days.filter((item) => item !== day) : [...days, day].sort((a, b) => a - b),
                              )
                            }
                          >
                            {/* Named by the day in full ('piątek'), shown abbreviated ('pt.'): the
                                abbreviation is the visual form of the name, not a second label (WCAG 2.5.3). */}
                            <span aria-hidden="true">{t(`automations.weekday.${String(day)}`)}</span>
                            <span className="visually-hidden">{t(`automations.weekdayLong.${String(day)}`)}</span>
                          </button>
                        );
                      })}
                    </div>
                    {errorOf("trigger.days") && (
                      <p className="field__error" role="alert">
                        {errorOf("trigger.days")}
                      </p>
                    )}
                  </div>
                );
              }}
            />
          </>
        )}
        {trigger.type === "threshold" && (
          <>
            <SelectField
              label={t("automations.editor.sensor")}
              options={sensorOptions(false)}
              error={errorOf("trigger.sensor")}
              {...bind("trigger.sensor")}
            />
            <SelectField
              label={t("automations.editor.direction")}
              options={wordOptions(["above", "below"], "automations.direction")}
              {...bind("trigger.direction")}
            />
            <TextField
              type="number"
              step="any"
              inputMode="decimal"
              label={t("automations.editor.value")}
              error={errorOf("trigger.value")}
              {...bind("trigger.value", { setValueAs: optionalNumber })}
            />
          </>
        )}
        {trigger.type === "switch" && (
          <>
            {switchFields("trigger.switch", "trigger.relay")}
            <SelectField
              label={t("automations.editor.to")}
              options={wordOptions(["ON", "OFF", "any"], "automations.switchTo")}
              {...bind("trigger.to")}
            />
          </>
        )}
        {trigger.type === "device" && (
          <DeviceTriggerFields
            trigger={trigger}
            devices={choices.devices}
            errorOf={errorOf}
            onChange={(next) => setValue("trigger", next, { shouldValidate: isSubmitted, shouldDirty: true })}
          />
        )}
        {trigger.type === "panel" && (
          <PanelTriggerFields
            trigger={trigger}
            panels={choices.panels}
            errorOf={errorOf}
            onChange={(next) => setValue("trigger", next, { shouldValidate: isSubmitted, shouldDirty: true })}
          />
        )}
        {trigger.type === "door" && (
          <>
            <SelectField
              label={t("automations.editor.door")}
              options={sensorOptions(true)}
              error={errorOf("trigger.sensor")}
              {...bind("trigger.sensor")}
            />
            <SelectField
              label={t("automations.editor.to")}
              options={wordOptions(["open", "closed", "any"], "automations.doorTo")}
              {...bind("trigger.to")}
            />
          </>
        )}
      </fieldset>

      <fieldset className="automation-editor__group">
        <legend>{t("automations.editor.actions")}</legend>
        <ol className="automation-editor__actions">
          {actions.fields.map((field, index) => {
            const action = watchedActions[index] ?? field;
            const n = index + 1;
            const at = (name: string) => `actions.${String(index)}.${name}` as Path<AutomationBodyInput>;
            return (
              <li key={field.id} className="automation-editor__action">
                <SelectField
                  label={t("automations.editor.actionKind", { n })}
                  options={AUTOMATION_ACTION_KINDS.map((kind) => ({ value: kind, label: t(actionKindKey(kind)) }))}
                  value={action.kind}
                  onChange={(event) =>
                    actions.update(index, defaultAction(event.target.value as AutomationActionKind, choices))
                  }
                />
                {action.kind === "switch" && (
                  <>
                    {switchFields(at("switch"), at("relay"))}
                    <SelectField
                      label={t("automations.editor.state")}
                      options={stateOptions}
                      error={errorOf(at("state"))}
                      {...bind(at("state"))}
                    />
                  </>
                )}
                {action.kind === "light" && (
                  <>
                    <SelectField
                      label={t("automations.editor.light")}
                      options={lightOptions}
                      error={errorOf(at("light"))}
                      {...bind(at("light"))}
                    />
                    <SelectField label={t("automations.editor.state")} options={stateOptions} {...bind(at("state"))} />
                    <TextField
                      type="number"
                      min={0}
                      inputMode="numeric"
                      label={t("automations.editor.brightness")}
                      error={errorOf(at("brightness"))}
                      {...bind(at("brightness"), { setValueAs: optionalNumber })}
                    />
                  </>
                )}
                {(action.kind === "heater" || action.kind === "ac") && (
                  <>
                    <TextField
                      label={t("automations.editor.mode")}
                      maxLength={32}
                      error={errorOf(at("mode"))}
                      {...bind(at("mode"))}
                    />
                    <TextField
                      type="number"
                      step="0.5"
                      inputMode="decimal"
                      label={t("automations.editor.temperature")}
                      error={errorOf(at(action.kind === "heater" ? "temperature" : "targetTemperature"))}
                      {...bind(at(action.kind === "heater" ? "temperature" : "targetTemperature"), {
                        setValueAs: optionalNumber,
                      })}
                    />
                  </>
                )}
                {action.kind === "ir" && (
                  <>
                    <TextField
                      label={t("automations.editor.device")}
                      maxLength={128}
                      error={errorOf(at("device"))}
                      {...bind(at("device"))}
                    />
                    <TextField
                      label={t("automations.editor.code")}
                      maxLength={128}
                      error={errorOf(at("code"))}
                      {...bind(at("code"))}
                    />
                  </>
                )}
                {action.kind === "garage" && (
                  <>
                    <SelectField
                      label={t("automations.editor.garageDoor")}
                      options={wordOptions(GARAGE_DOORS, "automations.door")}
                      {...bind(at("door"))}
                    />
                    <SelectField
                      label={t("automations.editor.command")}
                      options={wordOptions(GARAGE_ACTIONS, "automations.command")}
                      {...bind(at("command"))}
                    />
                  </>
                )}
                {action.kind === "device.set" && (
                  <DeviceSetFields
                    action={action as DeviceSetInput}
                    index={index}
                    devices={choices.devices}
                    errorOf={errorOf}
                    onChange={(next) =>
                      setValue(
                        `actions.${String(index)}` as `actions.${number}`,
                        next as AutomationBodyInput["actions"][number],
                        {
                          shouldValidate: isSubmitted,
                          shouldDirty: true,
                        },
                      )
                    }
                  />
                )}
                {action.kind === "panel.command" && (
                  <>
                    <PanelTargetFields
                      target={action.target as PanelTargetInput}
                      panels={choices.panels}
                      errorOf={(field) => errorOf(at(`target.${field}`))}
                      onChange={(target) =>
                        setValue(at("target"), target as never, { shouldValidate: isSubmitted, shouldDirty: true })
                      }
                    />
                    <PanelCommandFields
                      command={action.command as PanelCommandInput}
                      errorOf={(field) => errorOf(at(`command.${field}`))}
                      onChange={(command) =>
                        setValue(at("command"), command as never, { shouldValidate: isSubmitted, shouldDirty: true })
                      }
                    />
                  </>
                )}
                {action.kind === "notify" && (
                  <TextField
                    label={t("automations.editor.message")}
                    maxLength={200}
                    error={errorOf(at("message"))}
                    {...bind(at("message"))}
                  />
                )}
                <div className="automation-editor__row">
                  {index > 0 && (
                    <button
                      type="button"
                      className="button"
                      aria-label={t("automations.editor.moveUp", { n })}
                      onClick={() => actions.move(index, index - 1)}
                    >
                      ↑
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--danger"
                    aria-label={t("automations.editor.removeAction", { n })}
                    onClick={() => actions.remove(index)}
                  >
                    {t("automations.delete")}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        {errorOf("actions") && (
          <p className="field__error" role="alert">
            {errorOf("actions")}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={actions.fields.length >= MAX_AUTOMATION_ACTIONS}
          onClick={() => actions.append(defaultAction("switch", choices))}
        >
          {t("automations.editor.addAction")}
        </button>
        {actions.fields.length >= MAX_AUTOMATION_ACTIONS && (
          <p className="muted">{t("automations.editor.actionsMax", { max: MAX_AUTOMATION_ACTIONS })}</p>
        )}
      </fieldset>

      {refusal && (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      )}
      <div className="automation-editor__row">
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled}
          {...gateReasonProps(gate)}
          aria-busy={pending || undefined}
        >
          {t("automations.editor.save")}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t("automations.editor.cancel")}
        </button>
      </div>
    </form>
  );
}
