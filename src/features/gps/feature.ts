import type { AppPart } from "../../platform/part";
import { gpsPersisted } from "./persisted";

/** What the gps feature brings to the app (src/platform/part.ts; listed in src/app/features.ts). */
export const feature = {
  name: "gps",
  persisted: [gpsPersisted],
  home: { order: 40 },
} satisfies AppPart;
