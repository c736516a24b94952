import type { AppPart } from "../../platform/part";

/** What the calendar feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "calendar",
  home: { order: 50 },
} satisfies AppPart;
