import type { AppPart } from "../../platform/part";

/** What the garage feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "garage",
  home: { order: 20 },
} satisfies AppPart;
