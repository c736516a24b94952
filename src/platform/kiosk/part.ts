import type { AppPart } from "../part";
import { pl } from "./i18n/pl";

/** What the platform's kiosk brings to the app (src/platform/part.ts; listed in src/app/features.ts): its Polish texts are the first screen's (before login). */
export const part = {
  name: "kiosk",
  strings: { pl },
} satisfies AppPart;
