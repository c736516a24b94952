import type { AppPart } from "../part";
import { pl } from "./i18n/pl";
import { preferencesResource } from "./resource";
import { preferencesPersisted } from "./persisted";

/** What the platform's preferences brings to the app (src/platform/part.ts; listed in src/app/features.ts): its Polish texts are the first screen's (before login). */
export const part = {
  name: "preferences",
  strings: { pl },
  sessionResources: [preferencesResource],
  persisted: [preferencesPersisted],
} satisfies AppPart;
