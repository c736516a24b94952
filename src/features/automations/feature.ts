import type { AppPart } from "../../platform/part";

/** What the automations feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "automations",
} satisfies AppPart;
