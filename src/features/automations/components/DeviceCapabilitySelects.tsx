import { useTranslation } from "react-i18next";
import { SelectField } from "../../../ui/SelectField";
import { useCapabilityNamer, type ListedDevice } from "../../devices";
import {
  deviceOptions,
  findLeaf,
  pickableDevices,
  refKey,
  refOf,
  valueChoices,
  type CapabilityLeaf,
  type DeviceRef,
  type DeviceValue,
} from "../deviceChoices";

/** What a trigger or an action names: the device chosen (if listed), its offered capabilities and the one named. */
export type CapabilityChoice = {
  device: ListedDevice | undefined;
  leaves: CapabilityLeaf[];
  leaf: CapabilityLeaf | undefined;
};

/**
 * The device of `devices` with id `deviceId`, the capabilities `capabilitiesOf` offers of it (those
 * a trigger watches or an action sets), and the one `ref` names; all undefined/empty when the
 * device is not listed.
 */
export function capabilityChoice(
  devices: readonly ListedDevice[],
  capabilitiesOf: (device: ListedDevice) => CapabilityLeaf[],
  deviceId: string,
  ref: DeviceRef,
): CapabilityChoice {
  const device = devices.find((item) => item.id === deviceId);
  const leaves = device ? capabilitiesOf(device) : [];
  return { device, leaves, leaf: device ? findLeaf(device, leaves, ref) : undefined };
}

/** A capability picked: its device's id, its ref and the first value it offers (undefined for a number). */
export type CapabilityPick = { device: string; ref: DeviceRef; first: DeviceValue | undefined };

/** Props of {@link DeviceCapabilitySelects}. */
export type DeviceCapabilitySelectsProps = {
  /** GET /devices (empty while not loaded). */
  devices: readonly ListedDevice[];
  /** The capabilities offered of a device (triggerCapabilities, settableCapabilities). */
  capabilitiesOf: (device: ListedDevice) => CapabilityLeaf[];
  /** The device named now ('' for none) and the capability. */
  deviceId: string;
  capability: DeviceRef;
  /** The choice {@link capabilityChoice} gives for them. */
  choice: CapabilityChoice;
  /** A device's name as the household sees it. */
  deviceName: (id: string) => string;
  /** Whether an on/off capability's values include its toggle (an action's do, a trigger's not). */
  withToggle: boolean;
  deviceError: string | undefined;
  capabilityError: string | undefined;
  /** Another device picked (its id, '' for 'wybierz'): the capability is to be chosen again. */
  onDevice: (id: string) => void;
  /** A capability picked, or null for 'wybierz'. */
  onCapability: (pick: CapabilityPick | null) => void;
};

/**
 * The first two fields of a `device` trigger and a `device.set` action: 'Urządzenie' (the devices
 * with a capability to offer, 'wybierz' first; 'Hub nie zna jeszcze żadnego urządzenia, które to
 * potrafi.' under it when there are none), then, once a device is chosen, 'Właściwość': its
 * capabilities named as the tiles name them, with their unit.
 */
export function DeviceCapabilitySelects(props: DeviceCapabilitySelectsProps) {
  const { devices, capabilitiesOf, deviceId, capability, choice, deviceName, withToggle } = props;
  const { t } = useTranslation();
  const nameOf = useCapabilityNamer();
  const { device, leaves, leaf } = choice;
  const choose = { value: "", label: t("automations.editor.choose") };
  const listed = pickableDevices(devices, capabilitiesOf, deviceId);
  const pick = (key: string) => {
    const picked = device && leaves.find((item) => refKey(refOf(device, item)) === key);
    props.onCapability(
      device && picked
        ? { device: device.id, ref: refOf(device, picked), first: valueChoices(picked, withToggle)[0] }
        : null,
    );
  };
  return (
    <>
      <SelectField
        label={t("automations.editor.registryDevice")}
        options={deviceOptions(choose, listed, deviceId, deviceName)}
        value={deviceId}
        error={props.deviceError}
        onChange={(event) => props.onDevice(event.target.value)}
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
          value={leaf ? refKey(capability) : ""}
          error={props.capabilityError}
          onChange={(event) => pick(event.target.value)}
        />
      )}
    </>
  );
}
