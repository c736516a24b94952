/**
 * What the devices feature shares with other features (a feature's components are its own; others
 * import from here). Routes may still compose the feature's components directly.
 */
export { devicesAtom } from "./atoms";
export { newDevicesCountAtom } from "./listAtoms";
export { displayNameOf } from "./list";
export { carDevices } from "./capabilities/CarDevices";
export { choicesOf, type CapabilityChoice, type DeviceUseKind, type UseChoices } from "./uses";
export { canSet, isPublished, numericBounds, sameValue } from "./capabilities/model";
export { useFormatValue } from "./capabilities/format";
export { useCapabilityNamer } from "./capabilities/name";
export { useDevicesFollowRevision } from "./revision";
export type { Capability, ListedDevice } from "./schemas";
