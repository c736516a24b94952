import type { AppPart } from "../../platform/part";

/** What the sensors feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "sensors",
} satisfies AppPart;
