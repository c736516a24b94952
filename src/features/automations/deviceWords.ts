import { useTranslation } from "react-i18next";
import { displayNameOf, useCapabilityNamer, useFormatValue, type ListedDevice } from "../devices";
import { capabilityLeaves, findLeaf, type DeviceRef, type DeviceValue } from "./deviceChoices";

/**
 * How automations name registry devices in words (the list's triggers and actions, the editor's
 * choices): `device` its label or name, `capability` as its tile names it ('Stan', 'Akcja',
 * 'Stan (l2)'), `value` as its tile words it ('Włączone', 'Otwarte', '25 °C'; an enum's word with
 * its own value: 'Pojedyncze (single)'). A device or capability the hub no longer lists is named by
 * its id's name and its property, a value as it is.
 */
export type DeviceWords = {
  device(id: string): string;
  capability(id: string, ref: DeviceRef): string;
  value(id: string, ref: DeviceRef, value: DeviceValue): string;
};

/** The name part of a registry id `<source>:<name>`. */
const nameOfId = (id: string): string => id.slice(id.indexOf(":") + 1);

/** {@link DeviceWords} over `devices` (GET /devices; null while not loaded), in the user's language. */
export function useDeviceWords(devices: readonly ListedDevice[] | null): DeviceWords {
  const { t } = useTranslation();
  const nameOf = useCapabilityNamer();
  const format = useFormatValue();
  const leafOf = (id: string, ref: DeviceRef) => {
    const device = devices?.find((item) => item.id === id);
    return device ? findLeaf(device, capabilityLeaves(device.capabilities), ref) : undefined;
  };
  return {
    device: (id) => {
      const device = devices?.find((item) => item.id === id);
      return device ? displayNameOf(device) : nameOfId(id);
    },
    capability: (id, ref) => {
      const leaf = leafOf(id, ref);
      if (leaf) return nameOf(leaf);
      return ref.endpoint === undefined
        ? ref.property
        : t("deviceTiles.withEndpoint", { name: ref.property, endpoint: ref.endpoint });
    },
    value: (id, ref, value) => {
      const leaf = leafOf(id, ref);
      if (!leaf) return String(value);
      if (leaf.type === "binary" && leaf.value_toggle !== undefined && value === leaf.value_toggle)
        return t("automations.editor.toggleValue");
      const words = format(leaf, value);
      return leaf.type === "enum" && words !== String(value) ? `${words} (${String(value)})` : words;
    },
  };
}
