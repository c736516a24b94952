import * as v from "valibot";

/**
 * Search of /cameras/live (spec §2, §5): `id`, the camera id, required and a string. A missing or
 * non-string id fails validation and the route shows its error view.
 */
export const CameraLiveSearchSchema = v.object({
  id: v.pipe(v.string("cameras.missingParam"), v.minLength(1, "cameras.missingParam")),
});

export type CameraLiveSearch = v.InferOutput<typeof CameraLiveSearchSchema>;
