import { defineSessionResource } from "../../lib/session/resource";
import { fetchConfig } from "./api";
import { configAtom } from "./atoms";

/** GET /config as a session resource: loaded at boot (then the live channel starts on it) and after an outage. */
export const configResource = defineSessionResource({
  name: "config",
  fetch: (api) => fetchConfig(api.general),
  atom: configAtom,
});
