import { useTranslation } from "react-i18next";
import { KNOWN_ROUTES, ROUTE_LABEL_KEYS } from "../defaultRoute";

/**
 * A `<datalist>` of the app's screens (spec §2's routes: path as the value, its name as the label), for a
 * path field that still takes any in-app path: give the input `list={id}`. Used by the panels' 'Przejdź do
 * ekranu' and a panel profile's start screen.
 */
export function ScreenSuggestions({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <datalist id={id}>
      {KNOWN_ROUTES.map((route) => (
        <option key={route} value={route} label={t(ROUTE_LABEL_KEYS[route])} />
      ))}
    </datalist>
  );
}
