import type { ListedDevice } from "./schemas";

/** Which devices the screen lists: every one not hidden, the new ones (not looked at), or the hidden ones. */
export const DEVICE_FILTERS = ["all", "new", "hidden"] as const;
/** One of {@link DEVICE_FILTERS}. */
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];

/** The name a household reads: the adoption's label, else the device's own name (its topic or friendly name). */
export function displayNameOf(device: ListedDevice): string {
  return device.adoption?.label ?? device.name;
}

/** True for a hidden device (adoption `hidden`): listed only under 'Ukryte'. */
export function isHidden(device: ListedDevice): boolean {
  return device.adoption?.hidden === true;
}

/** True for a device nobody has looked at yet and that is not hidden: marked 'Nowe'. */
export function isNew(device: ListedDevice): boolean {
  return !device.seen && !isHidden(device);
}

/** Lower case without diacritics, so 'lazienka' finds 'Łazienka'. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLocaleLowerCase("pl");
}

/**
 * The devices newest first: by `firstSeen` (ISO-8601, later first), then by {@link displayNameOf}
 * (Polish collation) so devices first seen together keep one order. A new array; `devices` is untouched.
 */
export function newestFirst(devices: readonly ListedDevice[]): ListedDevice[] {
  const names = new Map(devices.map((device) => [device.id, searchKey(displayNameOf(device))]));
  return [...devices].sort((a, b) => {
    const byTime = Date.parse(b.firstSeen) - Date.parse(a.firstSeen);
    if (byTime !== 0) return byTime;
    const nameA = names.get(a.id) ?? "";
    const nameB = names.get(b.id) ?? "";
    return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
  });
}

/**
 * The devices `filter` lists whose label or name contains `query` (case and Polish diacritics
 * ignored; blank: every one), in the order given. 'all' leaves hidden devices out; 'new' lists
 * {@link isNew} ones; 'hidden' only hidden ones.
 */
export function filterDevices(
  devices: readonly ListedDevice[],
  filter: DeviceFilter,
  query: string,
): readonly ListedDevice[] {
  const wanted = searchKey(query.trim());
  return devices.filter((device) => {
    const listed = filter === "hidden" ? isHidden(device) : filter === "new" ? isNew(device) : !isHidden(device);
    if (!listed) return false;
    if (wanted === "") return true;
    return searchKey(displayNameOf(device)).includes(wanted) || searchKey(device.name).includes(wanted);
  });
}

/** How many devices each filter lists (without a search). */
export function filterCounts(devices: readonly ListedDevice[]): Record<DeviceFilter, number> {
  let hidden = 0;
  let fresh = 0;
  for (const device of devices) {
    if (isHidden(device)) hidden += 1;
    else if (!device.seen) fresh += 1;
  }
  return { all: devices.length - hidden, new: fresh, hidden };
}
