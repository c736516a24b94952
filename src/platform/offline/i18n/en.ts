import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the offline notice (UI contract): the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  offline: {
    offline: "No connection to the server — data may be out of date",
    cachedAt: "Data stored on this device, fetched:",
    lastUpdate: "Last update:",
    refused: "This action cannot be done now: no connection. Nothing was sent.",
    insecureLabel: "Unencrypted connection",
    insecure:
      "The connection is not encrypted: without HTTPS there is no offline use, no install and no always-on screen.",
    trustHub: "Trust the hub",
  },
};
