import type { AppPart } from "../part";
import { pl } from "./i18n/pl";
import { liveSnapshotPersisted } from "./persisted";

/** What the platform's live brings to the app (src/platform/part.ts; listed in src/app/features.ts): its Polish texts are the first screen's (before login). */
export const part = {
  name: "live",
  strings: { pl },
  persisted: [liveSnapshotPersisted],
} satisfies AppPart;
