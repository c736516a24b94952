import { mergeResources } from "../../shared/i18n";
import type { StringTree } from "../../platform/part";
import { FEATURES } from "../features";
import { en as app } from "./app/en";
import type { Resources } from "./pl";

/** Every part's `i18n/en.ts`, bundled into this module's chunk (loaded with the English locale). */
const TEXTS = import.meta.glob<{ en: StringTree }>(["../../features/*/i18n/en.ts", "../../platform/*/i18n/en.ts"], {
  eager: true,
});

/**
 * English resources (second locale): the app's and every listed part's English texts
 * (src/app/features.ts), the same keys as Polish (each part's `en` is typed from its `pl`, so a
 * missing key fails typecheck). Loaded with `import()` only when the locale is English
 * (src/app/i18n/index.ts), so it is not part of the entry chunk.
 * @throws Error when a part with texts has no `i18n/en.ts`
 */
export const en = mergeResources(
  app,
  ...FEATURES.flatMap((part) => {
    if (part.strings === false) return [];
    const module = TEXTS[`../../features/${part.name}/i18n/en.ts`] ?? TEXTS[`../../platform/${part.name}/i18n/en.ts`];
    if (module === undefined) throw new Error(`i18n: ${part.name} has no i18n/en.ts`);
    return [module.en];
  }),
) as Resources;
