import type { AppPart } from "../../platform/part";

/** What the lights feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "lights",
  home: { order: 10 },
} satisfies AppPart;
