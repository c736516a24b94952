import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AutomationBodyInput } from "../../../../contract/automations";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import type { ListedDevice } from "../../devices";
import {
  decodeValue,
  encodeValue,
  refKey,
  triggerCapabilities,
  valueChoices,
  type DeviceValue,
} from "../deviceChoices";
import { useDeviceWords } from "../deviceWords";
import { capabilityChoice, DeviceCapabilitySelects } from "./DeviceCapabilitySelects";

/** A `device` trigger as the form holds it (contract/automations.ts DeviceTriggerSchema's input). */
export type DeviceTriggerInput = Extract<AutomationBodyInput["trigger"], { type: "device" }>;

/** Props of {@link DeviceTriggerFields}. */
export type DeviceTriggerFieldsProps = {
  trigger: DeviceTriggerInput;
  /** GET /devices (empty while not loaded). */
  devices: readonly ListedDevice[];
  /** The whole trigger as it now is. */
  onChange: (trigger: DeviceTriggerInput) => void;
  /** The error text of a form path (`trigger.device`), or undefined. */
  errorOf: (path: string) => string | undefined;
};

/** An empty number input is undefined, anything else its number (NaN fails the schema). */
const numberOf = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/**
 * The fields of a `device` trigger ('Urządzenie'): the device (GET /devices, those with a published
 * value), one of its published capabilities (access has read), then by the capability's type: a
 * number 'powyżej' / 'poniżej' a threshold in its unit (`above` / `below`), an on/off value
 * `equals` `value_on` / `value_off` in the tile's words ('Włączone', 'Otwarte'), an enum `equals`
 * one of its values (a button's `action`: 'single', 'double', 'hold'). The endpoint goes with the
 * capability when it has one (deviceChoices.ts refOf).
 */
export function DeviceTriggerFields({ trigger, devices, onChange, errorOf }: DeviceTriggerFieldsProps) {
  const { t } = useTranslation();
  const words = useDeviceWords(devices);
  const [direction, setDirection] = useState<"above" | "below">(trigger.below !== undefined ? "below" : "above");
  const ref = { property: trigger.property, endpoint: trigger.endpoint };
  const choice = capabilityChoice(devices, triggerCapabilities, trigger.device, ref);
  const { device, leaf } = choice;
  const base = { type: "device" as const, device: trigger.device, property: trigger.property };
  const withRef = trigger.endpoint === undefined ? base : { ...base, endpoint: trigger.endpoint };
  const valueError =
    errorOf("trigger.above") ?? errorOf("trigger.below") ?? errorOf("trigger.equals") ?? errorOf("trigger");

  return (
    <>
      <DeviceCapabilitySelects
        devices={devices}
        capabilitiesOf={triggerCapabilities}
        deviceId={trigger.device}
        capability={ref}
        choice={choice}
        deviceName={words.device}
        withToggle={false}
        deviceError={errorOf("trigger.device")}
        capabilityError={errorOf("trigger.property")}
        onDevice={(id) => onChange({ type: "device", device: id, property: "" })}
        onCapability={(pick) => {
          const next = {
            type: "device" as const,
            device: pick?.device ?? trigger.device,
            ...(pick?.ref ?? { property: "" }),
          };
          onChange(pick?.first === undefined ? next : { ...next, equals: pick.first });
        }}
      />
      {device && leaf?.type === "numeric" && (
        <>
          <SelectField
            label={t("automations.editor.comparison")}
            options={(["above", "below"] as const).map((value) => ({
              value,
              label: t(`automations.direction.${value}`),
            }))}
            value={direction}
            onChange={(event) => {
              const next = event.target.value === "below" ? "below" : "above";
              setDirection(next);
              const value = trigger.above ?? trigger.below;
              onChange(value === undefined ? withRef : { ...withRef, [next]: value });
            }}
          />
          <TextField
            key={refKey(ref)}
            type="number"
            step="any"
            inputMode="decimal"
            label={
              leaf.unit ? t("automations.editor.thresholdUnit", { unit: leaf.unit }) : t("automations.editor.threshold")
            }
            defaultValue={trigger.above ?? trigger.below ?? ""}
            error={valueError}
            onChange={(event) => {
              const value = numberOf(event.target.value);
              onChange(value === undefined ? withRef : { ...withRef, [direction]: value });
            }}
          />
        </>
      )}
      {device && leaf && leaf.type !== "numeric" && (
        <SelectField
          label={t("automations.editor.equals")}
          options={valueChoices(leaf, false).map((value: DeviceValue) => ({
            value: encodeValue(value),
            label: words.value(device.id, ref, value),
          }))}
          value={trigger.equals === undefined ? "" : encodeValue(trigger.equals)}
          error={valueError}
          onChange={(event) => {
            const value = decodeValue(event.target.value);
            onChange(value === undefined ? withRef : { ...withRef, equals: value });
          }}
        />
      )}
    </>
  );
}
