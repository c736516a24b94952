import { atom } from "jotai";
import { adoptionPath, seenPath, type Adoption } from "../../../contract/adoption";
import { ApiError } from "../../lib/api/errors";
import { commandAtom, commandEnvAtom } from "../../platform/commands";
import { devicesAtom } from "./atoms";
import type { ListedDevice } from "./schemas";

/** The list with `device` in place of its old item (by id); unchanged when it is not listed. */
const withDevice = (list: readonly ListedDevice[] | null, device: ListedDevice) =>
  list?.map((item) => (item.id === device.id ? device : item)) ?? list;

/** The failure toast's key for a refused adoption: the hub's code in Polish, else the generic one. */
export function adoptionFailureKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "devices.saveFailed";
  switch (error.code) {
    case "CONFLICT":
      return "devices.saveConflict";
    case "NOT_FOUND":
      return "devices.saveNotFound";
    case "BAD_REQUEST":
      return "devices.saveRefused";
    default:
      return "devices.saveFailed";
  }
}

/**
 * Saves device `id`'s adoption (`PUT /devices/{id}/adoption`, the whole record), pending under
 * `device-adoption:<id>`; the hub's answer replaces the device in the list (every other dashboard
 * follows `devices/revision`). A refusal fails the command with the ApiError (the form shows a 400's
 * field) and a Polish toast ({@link adoptionFailureKey}).
 */
export const saveAdoptionCommand = commandAtom<{ id: string; adoption: Adoption }, ListedDevice>({
  target: ({ id }) => `device-adoption:${id}`,
  request: ({ id }) => ({ method: "PUT", path: adoptionPath(id) }),
  failureKey: adoptionFailureKey,
  run: async ({ api, set }, { id, adoption }) => {
    const { saveAdoption } = await import("./api");
    const saved = await saveAdoption(api.general, id, adoption);
    set(devicesAtom, (list) => withDevice(list, saved));
    return saved;
  },
});

/**
 * Device `id` was looked at (its detail opened): marked seen in the list at once and told to the hub
 * (`POST /devices/{id}/seen`). Nothing is sent before the app's start; a failure (offline, say) is only
 * logged: the mark is a hint, and the next list from the hub says what it knows.
 */
export const markSeenAtom = atom(null, (get, set, id: string) => {
  const env = get(commandEnvAtom);
  if (env === null) return;
  const device = get(devicesAtom)?.find((item) => item.id === id);
  if (device === undefined || device.seen) return;
  set(devicesAtom, (list) => withDevice(list, { ...device, seen: true }));
  void import("./api")
    .then(({ markDeviceSeen }) => markDeviceSeen(env.api.general, id))
    .catch((error: unknown) => console.warn("devices: POST", seenPath(id), "failed", error));
});
