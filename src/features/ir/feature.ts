import type { AppPart } from "../../platform/part";

/** What the ir feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "ir",
} satisfies AppPart;
