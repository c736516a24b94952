import { valibotResolver } from "@hookform/resolvers/valibot";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type * as v from "valibot";
import { bodyRefusalOf } from "../../../lib/api/errors";
import {
  CAMERA_SCALINGS,
  CameraConfigBodySchema,
  type Camera,
  type CameraConfigBody,
} from "../../../../contract/cameras";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { ToggleField } from "../../../ui/ToggleField";
import { useModalDialog } from "../../../ui/useModalDialog";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { camerasAtom } from "../atoms";
import { saveCameraConfigCommand } from "../commands";
import { useCameraItemRefresh } from "../item";
import "../../../ui/PanelDialog.css";
import "./controls.css";

type FormInput = v.InferInput<typeof CameraConfigBodySchema>;
type FieldName = "config.label" | "config.enabled" | "config.scaling" | "config.blackAndWhite" | "config.nightmode";
const FIELDS: readonly FieldName[] = [
  "config.label",
  "config.enabled",
  "config.scaling",
  "config.blackAndWhite",
  "config.nightmode",
];

/** The form's values for `camera`: every editable field as the hub has it now. */
const valuesOf = (camera: Camera): FormInput => ({
  config: {
    label: camera.label,
    enabled: camera.enabled,
    scaling: camera.scaling,
    blackAndWhite: camera.blackAndWhite,
    nightmode: camera.nightmode,
  },
});

/** Props of {@link CameraSettings}. */
export type CameraSettingsProps = { camera: Camera; open: boolean; onClose: () => void };

/**
 * A camera's settings (spec §7 `GET`/`PATCH ../v5/cameras/{cameraId}` body config): a
 * native modal `<dialog>` that asks the hub for the camera's current item when it opens (the form
 * shows the camera as the list holds it, which that answer updates, while nothing was typed yet), with a react-hook-form form validated by the contract's own
 * CameraConfigBodySchema: name, enabled, scaling, black-and-white and night mode. 'Zapisz' sends
 * saveCameraConfigCommand (PATCH, then `POST config/cameras/reload` so every open dashboard takes it)
 * and closes when saved; the hub's 400 (`config.<field>: <rule>`) is shown under that field and in an
 * alert. Disabled while offline or locked; 'Anuluj' and Escape close it unchanged.
 */
export function CameraSettings({ camera: given, open, onClose }: CameraSettingsProps) {
  const { t } = useTranslation();
  const listed = useAtomValue(camerasAtom)?.find((candidate) => candidate.id === given.id);
  const camera = listed ?? given;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const save = useSetAtom(saveCameraConfigCommand);
  const gate = useCommandGate({ key: `camera-config:${camera.id}` });
  const { disabled, pending } = gate;
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, CameraConfigBody>({
    resolver: valibotResolver(CameraConfigBodySchema),
    defaultValues: valuesOf(camera),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  useModalDialog(dialogRef, open);
  useCameraItemRefresh(camera.id, open);
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(camera));
    setRefusal(null);
    // the camera's values when the dialog opens, not every live change while it is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  useEffect(() => {
    // the hub's current item (GET on opening) replaces the cached values while nothing was typed yet
    if (open && !isDirty) reset(valuesOf(camera));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  const errorOf = (
    error: { message?: string | undefined; type?: string | number } | undefined,
    key: string,
  ): string | undefined => (error ? (error.type === "server" ? error.message : t(key)) : undefined);

  const submit = async (body: CameraConfigBody) => {
    setRefusal(null);
    const outcome = await save({ id: camera.id, config: body.config });
    if (outcome.status === "done") {
      onClose();
      return;
    }
    const refusal = outcome.status === "failed" ? bodyRefusalOf(outcome.error) : null;
    if (refusal) {
      setRefusal(refusal.message);
      const field = FIELDS.find((name) => name === refusal.field);
      if (field) setError(field, { type: "server", message: refusal.reason });
    }
  };

  const toggleText = { on: t("cameraControls.on"), off: t("cameraControls.off") };
  return (
    <dialog
      ref={dialogRef}
      className="panel-dialog camera-settings"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid={`camera-settings-${camera.id}`}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <h2 id={titleId} className="panel-dialog__title">
          {t("cameraControls.settingsTitle", { label: camera.label })}
        </h2>
        <TextField
          label={t("cameraControls.label")}
          maxLength={200}
          autoComplete="off"
          disabled={disabled}
          error={errorOf(errors.config?.label, "cameraControls.labelRequired")}
          {...register("config.label")}
        />
        <Controller
          control={control}
          name="config.enabled"
          render={({ field }) => (
            <ToggleField
              label={t("cameraControls.enabled")}
              checked={field.value ?? true}
              disabled={disabled}
              onChange={field.onChange}
              stateText={toggleText}
            />
          )}
        />
        <SelectField
          label={t("cameraControls.scaling")}
          options={CAMERA_SCALINGS.map((scaling) => ({ value: scaling, label: t(`camera.scalings.${scaling}`) }))}
          disabled={disabled}
          error={errorOf(errors.config?.scaling, "cameraControls.invalid")}
          {...register("config.scaling")}
        />
        <Controller
          control={control}
          name="config.blackAndWhite"
          render={({ field }) => (
            <ToggleField
              label={t("cameraControls.blackAndWhite")}
              checked={field.value ?? false}
              disabled={disabled}
              onChange={field.onChange}
              stateText={toggleText}
            />
          )}
        />
        <Controller
          control={control}
          name="config.nightmode"
          render={({ field }) => (
            <ToggleField
              label={t("cameraControls.nightmode")}
              checked={field.value ?? false}
              disabled={disabled}
              onChange={field.onChange}
              stateText={toggleText}
            />
          )}
        />
        {refusal && (
          <p className="field__error" role="alert">
            {t("cameraControls.refused", { message: refusal })}
          </p>
        )}
        <div className="camera-settings__actions">
          <button type="submit" className="button button--primary" disabled={disabled} {...gateReasonProps(gate)}>
            {pending ? t("cameraControls.saving") : t("cameraControls.save")}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t("cameraControls.cancel")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
