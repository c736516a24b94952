import { useTranslation } from "react-i18next";
import type { AutomationBodyInput } from "../../../../contract/automations";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { numericBounds, type ListedDevice } from "../../devices";
import { decodeValue, encodeValue, refKey, settableCapabilities, valueChoices } from "../deviceChoices";
import { useDeviceWords } from "../deviceWords";
import { capabilityChoice, DeviceCapabilitySelects } from "./DeviceCapabilitySelects";

/** A `device.set` action as the form holds it; `value` is undefined while a number is left empty. */
export type DeviceSetInput = Omit<Extract<AutomationBodyInput["actions"][number], { kind: "device.set" }>, "value"> & {
  value?: string | number | boolean | undefined;
};

/** Props of {@link DeviceSetFields}. */
export type DeviceSetFieldsProps = {
  action: DeviceSetInput;
  /** The action's place in the list (its fields' paths are `actions.<index>.*`). */
  index: number;
  /** GET /devices (empty while not loaded). */
  devices: readonly ListedDevice[];
  /** The whole action as it now is. */
  onChange: (action: DeviceSetInput) => void;
  /** The error text of a form path (`actions.0.device`), or undefined. */
  errorOf: (path: string) => string | undefined;
};

/**
 * The fields of a `device.set` action ('Ustaw urządzenie'): the device (GET /devices, those with a
 * settable capability), one of its settable capabilities (access has set), then its value by type:
 * an on/off value as the tile words it ('Włączone', 'Wyłączone', 'Przełącz' when it has
 * `value_toggle`), a number within the capability's min and max in its step and unit, an enum one
 * of its values. The endpoint goes with the capability when it has one (deviceChoices.ts refOf).
 */
export function DeviceSetFields({ action, index, devices, onChange, errorOf }: DeviceSetFieldsProps) {
  const { t } = useTranslation();
  const words = useDeviceWords(devices);
  const at = (name: string) => `actions.${String(index)}.${name}`;
  const ref = { property: action.property, endpoint: action.endpoint };
  const choice = capabilityChoice(devices, settableCapabilities, action.device, ref);
  const { device, leaf } = choice;
  const base = { kind: "device.set" as const, device: action.device, property: action.property };
  const withRef = action.endpoint === undefined ? base : { ...base, endpoint: action.endpoint };
  const valueError =
    errorOf(at("value")) === undefined
      ? undefined
      : action.value === undefined
        ? t("automations.editor.required")
        : errorOf(at("value"));

  return (
    <>
      <DeviceCapabilitySelects
        devices={devices}
        capabilitiesOf={settableCapabilities}
        deviceId={action.device}
        capability={ref}
        choice={choice}
        deviceName={words.device}
        withToggle
        deviceError={errorOf(at("device"))}
        capabilityError={errorOf(at("property"))}
        onDevice={(id) => onChange({ kind: "device.set", device: id, property: "" })}
        onCapability={(pick) => {
          const next = {
            kind: "device.set" as const,
            device: pick?.device ?? action.device,
            ...(pick?.ref ?? { property: "" }),
          };
          onChange(pick?.first === undefined ? next : { ...next, value: pick.first });
        }}
      />
      {device && leaf?.type === "numeric" && (
        <TextField
          key={refKey(ref)}
          type="number"
          inputMode="decimal"
          min={numericBounds(leaf).min}
          max={numericBounds(leaf).max}
          step={leaf.value_step ?? "any"}
          label={
            leaf.unit ? t("automations.editor.setValueUnit", { unit: leaf.unit }) : t("automations.editor.setValue")
          }
          defaultValue={typeof action.value === "number" ? action.value : ""}
          error={valueError}
          onChange={(event) => {
            const text = event.target.value;
            onChange(text.trim() === "" ? withRef : { ...withRef, value: Number(text) });
          }}
        />
      )}
      {device && leaf && leaf.type !== "numeric" && (
        <SelectField
          label={t("automations.editor.setValue")}
          options={valueChoices(leaf, true).map((value) => ({
            value: encodeValue(value),
            label: words.value(device.id, ref, value),
          }))}
          value={action.value === undefined ? "" : encodeValue(action.value)}
          error={valueError}
          onChange={(event) => {
            const value = decodeValue(event.target.value);
            onChange(value === undefined ? withRef : { ...withRef, value });
          }}
        />
      )}
    </>
  );
}
