/**
 * What the capability tiles share with the rest of the devices feature, home and the car dashboard:
 * a device's controls drawn from its exposes, the compact tile, home's section, the alarm banner, and
 * the live state atoms (`device/<id>/state`, `alert/<alarm>/<id>`).
 */
export { DeviceCapabilities, type DeviceCapabilitiesProps } from "./DeviceCapabilities";
export { DeviceTile, type DeviceTileProps } from "./DeviceTile";
export { HomeDevices, type HomeDevicesProps } from "./HomeDevices";
export { AlarmBanner } from "./AlarmBanner";
export { CarDevices, type CarDevicesProps } from "./CarDevices";
export { deviceStateAtom, deviceValueAtom, deviceAlertsAtom, type DeviceState, type ActiveAlert } from "./state";
export {
  setCapabilityCommand,
  capabilityTarget,
  CAPABILITY_CONFIRM_TIMEOUT_MS,
  type CapabilitySetRequest,
} from "./commands";
export { homeDeviceRooms, deviceLabel, type DeviceRoom } from "./homeRooms";
export { pl as capabilitiesPl } from "./i18n/pl";
export { en as capabilitiesEn } from "./i18n/en";
