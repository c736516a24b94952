import type { AppPart } from "../../platform/part";

/** What the climate feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "climate",
  home: { order: 30 },
} satisfies AppPart;
