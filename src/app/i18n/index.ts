import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALES, type Locale } from "../../../contract/preferences";
import { plFirstScreen } from "./pl-first-screen";

/** Locales the dashboard speaks (spec §2): Polish first, English second; the contract's union (a preference the hub stores). */
export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = "pl";

/** Weeks start on Monday in every locale (spec §2); date pickers of later issues read this. */
export const WEEK_STARTS_ON = 1;

/**
 * Loads the resources of a locale not bundled with the entry chunk (English) with `import()`, as an
 * i18next backend: `changeLanguage("en")` and `loadLanguages("en")` wait for it.
 */
const lazyLocales: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== "en") {
      callback(null, language === "pl" ? structuredClone(plFirstScreen) : {});
      return;
    }
    import("./en").then(
      ({ en }) => callback(null, en),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Creates and synchronously initialises an i18next instance (namespace "translation") with the
 * first screen's Polish resources bundled (the rest come with the router: {@link addStrings});
 * English loads lazily on first use (a separate chunk, every feature). Components re-render when
 * resources are added, so nothing shows a key while a part loads. Polish plurals
 * through Intl.PluralRules (`_one/_few/_many/_other`). Escaping is left to React (labels are rendered
 * as text, never as HTML). With `locale` "en", await {@link loadLocale} before the first render.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      // A copy: i18next merges added parts into the object it holds (addStrings).
      resources: { pl: { translation: structuredClone(plFirstScreen) } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
      react: { bindI18nStore: "added" },
    });
  return instance;
}

/**
 * Makes `locale` the instance's language once its resources are loaded (English: the lazy chunk).
 * Resolves when done; a failed load leaves Polish (logged), never rejects.
 */
export async function loadLocale(i18n: I18n, locale: Locale): Promise<void> {
  try {
    await i18n.loadLanguages(locale);
    if (i18n.language !== locale) await i18n.changeLanguage(locale);
  } catch (error) {
    console.warn(`i18n: ${locale} not loaded`, error);
  }
}

/**
 * Adds a part of a locale's texts to the instance (deep merge, never overwriting a text already
 * there): the logged-in features' Polish (pl-logged-in.ts), loaded with the router (boot.ts).
 */
export function addStrings(i18n: I18n, locale: Locale, strings: object): void {
  i18n.addResourceBundle(locale, "translation", strings, true, false);
}
