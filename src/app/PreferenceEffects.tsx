import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { localeAtom, zoomStateAtom } from "../platform/preferences/atoms";
import { applyZoomLock } from "../platform/preferences/zoom";

/**
 * Applies preferences to the document: the zoom lock on the viewport meta (spec §2) and the locale
 * (i18next language, `<html lang>`). Renders nothing.
 */
export function PreferenceEffects() {
  const zoomState = useAtomValue(zoomStateAtom);
  const locale = useAtomValue(localeAtom);
  const { i18n } = useTranslation();
  useEffect(() => applyZoomLock(zoomState), [zoomState]);
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);
  return null;
}
