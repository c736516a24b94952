import { defineSessionResource } from "../../lib/session/resource";
import { devicesAtom } from "./atoms";

/**
 * `GET /devices` as a session resource: the household's devices, at boot, after an outage and when
 * `devices/revision` changes (revision.ts); cached for offline as every session GET is. The call and
 * its schemas load with the first fetch, not with the first screen.
 */
export const devicesResource = defineSessionResource({
  name: "devices",
  fetch: async (api) => (await import("./api")).fetchDevices(api.general),
  atom: devicesAtom,
});
