import { useAtomValue, useSetAtom } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { ToggleField } from "../../../ui/ToggleField";
import { appUiAtom, preferencesAtom } from "../atoms";
import { LocaleSchema, type PreferencesPatch } from "../schemas";
import { savePreferencesCommand } from "../commands";
import { isKnownRoute, ROUTE_LABEL_KEYS, routesFor } from "../defaultRoute";
import "./settings.css";

/**
 * The account's preferences (spec §3, §4), the menu's 'Konto' section: 'Układ samochodowy' (appUi
 * car/standard: the default of devices without their own layout), 'Blokada powiększenia'
 * (zoomState locked/unlocked), 'Powiadomienia' (alerts), the 'Język' select (Polski / English) and the
 * 'Ekran startowy' select (defaultRoute, one of the app's routes, spec §4: applied once per browser session;
 * /car-dashboard is offered only while this device's layout is car, spec §2; a saved value not offered
 * stays shown as chosen),
 * each with a line saying what it does. Each change is saved at once by savePreferencesCommand
 * (PATCH /preferences; a failure reverts it and toasts).
 */
export function PreferencesForm() {
  const { t } = useTranslation();
  const preferences = useAtomValue(preferencesAtom);
  const save = useSetAtom(savePreferencesCommand);
  const languageId = useId();
  const routeId = useId();
  const offered = routesFor(useAtomValue(appUiAtom));
  const current = preferences.defaultRoute;
  const offeredCurrent = (offered as readonly string[]).includes(current);
  const stateText = { on: t("menu.on"), off: t("menu.off") };

  const handleChange = (patch: PreferencesPatch) => {
    void save(patch);
  };

  return (
    <div className="settings-list">
      <ToggleField
        label={t("menu.carLayout")}
        description={t("menu.carLayoutDescription")}
        stateText={stateText}
        checked={preferences.appUi === "car"}
        onChange={(checked) => handleChange({ appUi: checked ? "car" : "standard" })}
      />
      <ToggleField
        label={t("menu.zoomLock")}
        description={t("menu.zoomLockDescription")}
        stateText={stateText}
        checked={preferences.zoomState === "locked"}
        onChange={(checked) => handleChange({ zoomState: checked ? "locked" : "unlocked" })}
      />
      <ToggleField
        label={t("menu.alerts")}
        description={t("menu.alertsDescription")}
        stateText={stateText}
        checked={preferences.alerts}
        onChange={(alerts) => handleChange({ alerts })}
      />
      <div className="settings-select">
        <label htmlFor={languageId} className="settings-select__label">
          {t("menu.language")}
        </label>
        <select
          id={languageId}
          className="select settings-select__input"
          value={preferences.locale}
          aria-describedby={`${languageId}-description`}
          onChange={(event) => {
            const parsed = v.safeParse(LocaleSchema, event.currentTarget.value);
            if (parsed.success) handleChange({ locale: parsed.output });
          }}
        >
          <option value="pl" lang="pl">
            {t("languages.pl")}
          </option>
          <option value="en" lang="en">
            {t("languages.en")}
          </option>
        </select>
        <p id={`${languageId}-description`} className="settings-select__description">
          {t("menu.languageDescription")}
        </p>
      </div>
      <div className="settings-select">
        <label htmlFor={routeId} className="settings-select__label">
          {t("menu.defaultRoute")}
        </label>
        <select
          id={routeId}
          className="select settings-select__input"
          value={preferences.defaultRoute}
          aria-describedby={`${routeId}-description`}
          onChange={(event) => handleChange({ defaultRoute: event.currentTarget.value })}
        >
          {!offeredCurrent && (
            <option value={current}>{isKnownRoute(current) ? t(ROUTE_LABEL_KEYS[current]) : current}</option>
          )}
          {offered.map((route) => (
            <option key={route} value={route}>
              {t(ROUTE_LABEL_KEYS[route])}
            </option>
          ))}
        </select>
        <p id={`${routeId}-description`} className="settings-select__description">
          {t("menu.defaultRouteDescription")}
        </p>
      </div>
    </div>
  );
}
