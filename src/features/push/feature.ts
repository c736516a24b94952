import type { AppPart } from "../../platform/part";

/** What the push feature brings to the app (src/platform/part.ts; listed in src/app/features.ts): its texts, loaded with the router. */
export const feature = {
  name: "push",
} satisfies AppPart;
