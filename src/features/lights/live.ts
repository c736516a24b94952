import { atom } from "jotai";
import { LightFeaturesSchema, LightStateSchema, type LightFeatures, type LightState } from "../../../contract/lights";
import { liveFamily } from "../../platform/live/family";

/** `features/light/<id>`: a light's features (spec §3), null until valid ones arrive (or after the hub cleared them). */
export const lightFeatures = liveFamily({
  pattern: "features/light/+",
  schema: LightFeaturesSchema,
  map: (payload): LightFeatures => payload,
});

/** `light/<id>`: a light's live state (spec §3: state, brightness, color, color_mode, color_temp). */
export const lightState = liveFamily({
  pattern: "light/+",
  schema: LightStateSchema,
  map: (payload): LightState => payload,
});

/** Every light with valid features, as announced on `features/light/+` (ids from the topic list, one atom per light). */
export const allLightsAtom = atom((get): LightFeatures[] =>
  get(lightFeatures.children()).flatMap((id) => {
    const features = get(lightFeatures(id));
    return features ? [features] : [];
  }),
);
