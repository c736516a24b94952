import { valibotResolver } from "@hookform/resolvers/valibot";
import { useSetAtom } from "jotai";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SENSOR_KINDS } from "../../../../contract/sensors";
import { bodyRefusalOf } from "../../../lib/api/errors";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { ToggleField } from "../../../ui/ToggleField";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { DEVICE_SHOW, type Adoption } from "../../../../contract/adoption";
import { adoptionFormSchema, formValuesOf, type AdoptionField, type AdoptionFormValues } from "../adoptionForm";
import { saveAdoptionCommand } from "../commands";
import type { ListedDevice } from "../schemas";
import { DEVICE_USES, choicesOf, type CapabilityChoice } from "../uses";

/** Props of {@link AdoptionForm}. */
export type AdoptionFormProps = { device: ListedDevice; rooms: readonly string[] };

/** Where a refusal's field path (`use.name`, `room`) is shown in the form. */
const FIELD_OF: Record<string, AdoptionField> = {
  label: "label",
  room: "room",
  purpose: "purpose",
  show: "show",
  hidden: "hidden",
  "use.name": "switchName",
  "use.kind": "sensorKind",
  "use.place": "sensorPlace",
  "use.property": "capability",
  "use.endpoint": "capability",
  use: "use",
};

/**
 * A device's adoption (contract/adoption.ts): 'Nazwa' (its label), 'Pokój' (the rooms other devices
 * are in offered), 'Przeznaczenie', 'Gdzie widać' ('Ekran główny', 'Deska rozdzielcza', 'Nigdzie'),
 * 'Ukryj urządzenie', and 'Używaj jako': only the uses the device's capabilities allow (uses.ts),
 * with a switch's name, a sensor's kind, place and value, and which output when it has several.
 * react-hook-form validated by adoptionFormSchema (the contract's AdoptionSchema last); 'Zapisz'
 * sends saveAdoptionCommand (PUT /devices/{id}/adoption), gated offline and locked; the hub's 400
 * shows under its field and as an alert; 'Zapisano' when stored.
 */
export function AdoptionForm({ device, rooms }: AdoptionFormProps) {
  const { t } = useTranslation();
  const roomsId = useId();
  const choices = useMemo(() => choicesOf(device.capabilities), [device.capabilities]);
  const schema = useMemo(() => adoptionFormSchema(choices), [choices]);
  const save = useSetAtom(saveAdoptionCommand);
  const gate = useCommandGate({ key: `device-adoption:${device.id}` });
  const { disabled, pending } = gate;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<AdoptionFormValues, unknown, Adoption>({
    resolver: valibotResolver(schema),
    defaultValues: formValuesOf(device, choices),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const use = watch("use");
  const offered = DEVICE_USES.filter((kind) => choices[kind].length > 0);
  const useChoices: readonly CapabilityChoice[] = use === "" ? [] : choices[use];

  const errorOf = (field: AdoptionField): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === "server") return error.message;
    return error.message?.startsWith("devices.") ? t(error.message) : t("devices.form.invalid");
  };

  const submit = async (adoption: Adoption) => {
    setRefusal(null);
    setSaved(false);
    const outcome = await save({ id: device.id, adoption });
    if (outcome.status === "done") {
      reset(formValuesOf(outcome.value, choices));
      setSaved(true);
      return;
    }
    const refused = outcome.status === "failed" ? bodyRefusalOf(outcome.error) : null;
    if (refused) {
      setRefusal(refused.message);
      const field = refused.field === null ? undefined : FIELD_OF[refused.field];
      if (field) setError(field, { type: "server", message: refused.reason });
    }
  };

  const choiceLabel = (choice: CapabilityChoice) =>
    [
      choice.name,
      choice.unit ? `(${choice.unit})` : "",
      choice.endpoint ? t("devices.form.endpoint", { endpoint: choice.endpoint }) : "",
    ]
      .filter(Boolean)
      .join(" ");

  return (
    <form className="adoption-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <TextField
        label={t("devices.form.label")}
        placeholder={device.name}
        maxLength={200}
        autoComplete="off"
        disabled={disabled}
        error={errorOf("label")}
        {...register("label")}
      />
      <TextField
        label={t("devices.form.room")}
        maxLength={64}
        autoComplete="off"
        list={roomsId}
        disabled={disabled}
        error={errorOf("room")}
        {...register("room")}
      />
      <datalist id={roomsId}>
        {rooms.map((room) => (
          <option key={room} value={room} />
        ))}
      </datalist>
      <TextField
        label={t("devices.form.purpose")}
        maxLength={64}
        autoComplete="off"
        disabled={disabled}
        error={errorOf("purpose")}
        {...register("purpose")}
      />
      <SelectField
        label={t("devices.form.show")}
        options={DEVICE_SHOW.map((show) => ({ value: show, label: t(`devices.form.shows.${show}`) }))}
        disabled={disabled}
        error={errorOf("show")}
        {...register("show")}
      />
      <Controller
        control={control}
        name="hidden"
        render={({ field }) => (
          <ToggleField
            label={t("devices.form.hidden")}
            description={t("devices.form.hiddenHint")}
            checked={field.value}
            disabled={disabled}
            onChange={field.onChange}
            stateText={{ on: t("devices.form.on"), off: t("devices.form.off") }}
          />
        )}
      />
      <SelectField
        label={t("devices.form.use")}
        options={[
          { value: "", label: t("devices.form.uses.none") },
          ...offered.map((kind) => ({ value: kind, label: t(`devices.form.uses.${kind}`) })),
        ]}
        disabled={disabled}
        error={errorOf("use")}
        {...register("use", {
          onChange: (event: { target: { value: string } }) => {
            const kind = event.target.value as AdoptionFormValues["use"];
            setValue("capability", kind === "" ? "" : (choices[kind][0]?.key ?? ""));
          },
        })}
      />
      {(use === "switch" || use === "solar") && (
        <TextField
          label={t(use === "solar" ? "devices.form.solarName" : "devices.form.switchName")}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("devices.form.placeHint")}
          disabled={disabled}
          error={errorOf("switchName")}
          {...register("switchName")}
        />
      )}
      {use === "sensor" && (
        <>
          <SelectField
            label={t("devices.form.sensorKind")}
            options={[
              { value: "", label: "—" },
              ...SENSOR_KINDS.map((kind) => ({
                value: kind,
                label: t(`sensors.kinds.${kind}`, { defaultValue: kind }),
              })),
            ]}
            disabled={disabled}
            error={errorOf("sensorKind")}
            {...register("sensorKind")}
          />
          <TextField
            label={t("devices.form.sensorPlace")}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t("devices.form.placeHint")}
            disabled={disabled}
            error={errorOf("sensorPlace")}
            {...register("sensorPlace")}
          />
        </>
      )}
      {use !== "" && (use === "sensor" || use === "solar" || useChoices.length > 1) && (
        <SelectField
          label={t("devices.form.capability")}
          options={useChoices.map((choice) => ({ value: choice.key, label: choiceLabel(choice) }))}
          disabled={disabled}
          error={errorOf("capability")}
          {...register("capability")}
        />
      )}
      {refusal && (
        <p className="field__error" role="alert">
          {t("devices.form.refused", { message: refusal })}
        </p>
      )}
      <div className="adoption-form__actions">
        <button type="submit" className="button button--primary" disabled={disabled} {...gateReasonProps(gate)}>
          {pending ? t("devices.form.saving") : t("devices.form.save")}
        </button>
        <span className="adoption-form__saved" role="status">
          {saved ? t("devices.form.saved") : ""}
        </span>
      </div>
    </form>
  );
}
