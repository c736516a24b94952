import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of refusals and failures of commands (toasts): the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  commands: {
    failed: "The command failed. Try again.",
    locked: "The session is locked: unlock it with the PIN first.",
    gate: {
      offline: "No connection: nothing will be sent.",
      unavailable: "The device is unavailable.",
      pending: "Sending…",
    },
  },
};
