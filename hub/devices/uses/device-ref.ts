import { DEVICE_SOURCES, type DeviceSourceName } from "../../../contract/devices";
import { isSafeDeviceName } from "../../bridge/guards";

/** A registry id `<source>:<name>` split, or undefined for an id of no known source or an unsafe name. */
export function splitDeviceId(id: string): { source: DeviceSourceName; name: string } | undefined {
  const colon = id.indexOf(":");
  if (colon < 0) return undefined;
  const source = id.slice(0, colon);
  const name = id.slice(colon + 1);
  if (!(DEVICE_SOURCES as readonly string[]).includes(source) || !isSafeDeviceName(name)) return undefined;
  return { source: source as DeviceSourceName, name };
}
