import { mergeResources, type Strings } from "../../shared/i18n";
import type { StringTree } from "../../platform/part";
import { FEATURES } from "../features";

/** Every part's `i18n/pl.ts`, bundled into this module's chunk (loaded with the router). */
const TEXTS = import.meta.glob<{ pl: StringTree }>(["../../features/*/i18n/pl.ts", "../../platform/*/i18n/pl.ts"], {
  eager: true,
});

/**
 * The Polish texts of the parts that load theirs with the router (no `strings` in
 * src/app/features.ts: devices, screens, settings), merged: added after login (boot.ts, addStrings),
 * not in the first screen's chunk (first screen budget, DESIGN.md §6).
 * @throws Error when a listed part has no `i18n/pl.ts`
 */
export const plLoggedIn: Strings<StringTree> = mergeResources(
  ...FEATURES.flatMap((part) => {
    if (part.strings !== undefined) return [];
    const module = TEXTS[`../../features/${part.name}/i18n/pl.ts`] ?? TEXTS[`../../platform/${part.name}/i18n/pl.ts`];
    if (module === undefined) throw new Error(`i18n: ${part.name} has no i18n/pl.ts`);
    return [module.pl];
  }),
);
