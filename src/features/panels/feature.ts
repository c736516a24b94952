import type { AppPart } from "../../platform/part";

/** What the panels feature brings to the app (src/platform/part.ts; listed in src/app/features.ts): its texts load with the router. */
export const feature = {
  name: "panels",
} satisfies AppPart;
