import { defineSessionResource } from "../../lib/session/resource";
import { fetchPreferences } from "./api";
import { preferencesAtom } from "./atoms";
import { mergePreferences } from "./schemas";

/** GET /preferences as a session resource: merged over what is shown (defaults or the local cache). */
export const preferencesResource = defineSessionResource({
  name: "preferences",
  fetch: (api) => fetchPreferences(api.auth),
  atom: preferencesAtom,
  merge: mergePreferences,
});
