import type { AppPart } from "../../platform/part";
import { switchesResource } from "./resource";

/** What the switches feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "switches",
  sessionResources: [switchesResource],
  home: { order: -10 },
} satisfies AppPart;
