import { defineDomain } from "../core/domain";
import { preferencesRoutes } from "./routes";
import { PreferencesStore } from "./store";

/** Each user's dashboard preferences (auth base; table `preferences` of the auth domain's base migration). */
export const preferencesDomain = defineDomain({
  name: "preferences",
  routes: { preferences: ["auth"] },
  start: ({ db }) => ({
    service: null,
    routes: { preferences: preferencesRoutes({ preferences: new PreferencesStore(db) }) },
  }),
});
