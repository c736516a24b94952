import { defineSessionResource } from "../../lib/session/resource";
import { fetchCameras } from "./api";
import { camerasAtom } from "./atoms";

/** GET ../v5/cameras as a session resource: the camera items, at boot and after an outage. */
export const camerasResource = defineSessionResource({
  name: "cameras",
  fetch: (api) => fetchCameras(api.camerasV5),
  atom: camerasAtom,
});
