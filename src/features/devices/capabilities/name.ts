import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";

/** `text` lower-cased with everything but letters and digits left out ('Color (X/Y)' and `color_xy` alike). */
const plain = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * A capability's name for people: a label of its own (one that is not just its name written out, as
 * Zigbee2MQTT's generated 'Occupied heating setpoint' is: a Tasmota relay's `FriendlyName`,
 * 'Wentylator'); else the app's word for it where it has one (`deviceTiles.names.<name>` for a leaf,
 * `<type>` for a composite: 'Stan', 'Jasność', 'Pozycja', 'Temperatura zadana', 'Tryb', 'Światło'),
 * else the capability's `label`, else its `name`; with its `endpoint` in brackets ('Stan (l2)',
 * 'Wentylator (l2)') so each relay of a multi-endpoint device is told apart.
 */
export function useCapabilityName(capability: Capability): string {
  return useCapabilityNamer()(capability);
}

/** {@link useCapabilityName} as a function, for naming many capabilities in one render (a picker's options). */
export function useCapabilityNamer(): (capability: Capability) => string {
  const { t, i18n } = useTranslation();
  return (capability) => {
    const word = capability.name ?? capability.type;
    const key = `deviceTiles.names.${word}`;
    const own =
      capability.label !== undefined && plain(capability.label) !== plain(word) ? capability.label : undefined;
    const base = own ?? (/^[a-z0-9_]+$/i.test(word) && i18n.exists(key) ? t(key) : (capability.label ?? word));
    return capability.endpoint === undefined
      ? base
      : t("deviceTiles.withEndpoint", { name: base, endpoint: capability.endpoint });
  };
}
