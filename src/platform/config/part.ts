import type { AppPart } from "../part";
import { configResource } from "./resource";

/** What the platform's config brings to the app (src/platform/part.ts; listed in src/app/features.ts): no texts of its own. */
export const part = {
  name: "config",
  strings: false,
  sessionResources: [configResource],
} satisfies AppPart;
