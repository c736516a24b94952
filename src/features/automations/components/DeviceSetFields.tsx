import { useTranslation } from "react-i18next";
import type { AutomationBodyInput } from "../../../../contract/automations";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { numericBounds, useCapabilityNamer, type ListedDevice } from "../../devices";
import {
  decodeValue,
  deviceOptions,
  encodeValue,
  findLeaf,
  pickableDevices,
  refKey,
  refOf,
  settableCapabilities,
  valueChoices,
} from "../deviceChoices";
import { useDeviceWords } from "../deviceWords";

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
  const nameOf = useCapabilityNamer();
  const words = useDeviceWords(devices);
  const at = (name: string) => `actions.${String(index)}.${name}`;
  const device = devices.find((item) => item.id === action.device);
  const leaves = device ? settableCapabilities(device) : [];
  const ref = { property: action.property, endpoint: action.endpoint };
  const leaf = device ? findLeaf(device, leaves, ref) : undefined;
  const base = { kind: "device.set" as const, device: action.device, property: action.property };
  const withRef = action.endpoint === undefined ? base : { ...base, endpoint: action.endpoint };
  const choose = { value: "", label: t("automations.editor.choose") };
  const listed = pickableDevices(devices, settableCapabilities, action.device);
  const valueError =
    errorOf(at("value")) === undefined
      ? undefined
      : action.value === undefined
        ? t("automations.editor.required")
        : errorOf(at("value"));

  const pickCapability = (key: string) => {
    const picked = device && leaves.find((item) => refKey(refOf(device, item)) === key);
    if (!device || !picked) {
      onChange({ kind: "device.set", device: action.device, property: "" });
      return;
    }
    const next = { kind: "device.set" as const, device: device.id, ...refOf(device, picked) };
    const first = valueChoices(picked, true)[0];
    onChange(picked.type === "numeric" || first === undefined ? next : { ...next, value: first });
  };

  return (
    <>
      <SelectField
        label={t("automations.editor.registryDevice")}
        options={deviceOptions(choose, listed, action.device, words.device)}
        value={action.device}
        error={errorOf(at("device"))}
        onChange={(event) => onChange({ kind: "device.set", device: event.target.value, property: "" })}
      />
      {listed.length === 0 && <p className="muted">{t("automations.editor.noDevices")}</p>}
      {device && (
        <SelectField
          label={t("automations.editor.capability")}
          options={[
            choose,
            ...leaves.map((item) => ({
              value: refKey(refOf(device, item)),
              label: item.unit ? `${nameOf(item)} (${item.unit})` : nameOf(item),
            })),
          ]}
          value={leaf ? refKey(ref) : ""}
          error={errorOf(at("property"))}
          onChange={(event) => pickCapability(event.target.value)}
        />
      )}
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
