import { atom } from "jotai";
import { safeLocalStorage } from "../../shared/storage";

/** The car dashboard's themes: light for daylight, dim for night driving. */
export type CarTheme = "day" | "night";

const STORAGE_KEY = "carDashboardTheme";

/** The theme for a local hour when the driver has not chosen one: night from 20:00 to 6:00. */
export function themeForHour(hour: number): CarTheme {
  return hour >= 20 || hour < 6 ? "night" : "day";
}

function initialTheme(): CarTheme {
  const stored = safeLocalStorage()?.getItem(STORAGE_KEY);
  return stored === "day" || stored === "night" ? stored : themeForHour(new Date().getHours());
}

const themeBase = atom<CarTheme>(initialTheme());

/**
 * The car dashboard's theme: the driver's last choice on this device (localStorage), else by the
 * hour ({@link themeForHour}). Writing it stores the choice.
 */
export const carThemeAtom = atom(
  (get) => get(themeBase),
  (_get, set, theme: CarTheme) => {
    set(themeBase, theme);
    safeLocalStorage()?.setItem(STORAGE_KEY, theme);
  },
);
