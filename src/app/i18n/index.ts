import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { pl } from "./pl";

/** Locales the dashboard speaks (spec §2): Polish first, English second. */
export const LOCALES = ["pl", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pl";

/** Weeks start on Monday in every locale (spec §2); date pickers of later issues read this. */
export const WEEK_STARTS_ON = 1;

/**
 * Creates and synchronously initialises an i18next instance with the pl and en resources
 * (namespace "translation"), Polish plurals through Intl.PluralRules (`_one/_few/_many/_other`).
 * Escaping is left to React (labels are rendered as text, never as HTML).
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: { pl: { translation: pl }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
