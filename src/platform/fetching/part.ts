import type { AppPart } from "../part";

/** What the platform's fetching brings to the app (src/platform/part.ts; listed in src/app/features.ts): its Polish texts load with the router. */
export const part = {
  name: "fetching",
} satisfies AppPart;
