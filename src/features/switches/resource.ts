import { defineSessionResource } from "../../lib/session/resource";
import { fetchSwitches } from "./api";
import { switchesAtom } from "./atoms";

/** GET /config/switches as a session resource: the switch definitions, at boot and after an outage. */
export const switchesResource = defineSessionResource({
  name: "switches",
  fetch: (api) => fetchSwitches(api.general),
  atom: switchesAtom,
});
