import type { AppPart } from "../../platform/part";
import { camerasResource } from "./resource";

/** What the cameras feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "cameras",
  sessionResources: [camerasResource],
} satisfies AppPart;
