import { useAtom, useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { accountAppUiAtom, deviceAppUiAtom } from "../atoms";
import type { DeviceAppUi } from "../deviceLayout";
import "./settings.css";

const CHOICES = ["account", "standard", "car"] as const;
type Choice = (typeof CHOICES)[number];

const toChoice = (value: DeviceAppUi): Choice => value ?? "account";
const fromChoice = (choice: Choice): DeviceAppUi => (choice === "account" ? null : choice);

/**
 * 'Układ na tym urządzeniu': this device's layout, kept in localStorage, over the account's
 * `appUi` (spec §3): 'Jak na koncie (teraz: …)', 'Standardowy' or 'Samochodowy'. A radio group
 * (arrow keys move between choices), each choice a row at least 48 px high (76 px in the car layout);
 * applied at once, nothing is sent to the hub.
 */
export function DeviceLayoutField() {
  const { t } = useTranslation();
  const [deviceAppUi, setDeviceAppUi] = useAtom(deviceAppUiAtom);
  const accountAppUi = useAtomValue(accountAppUiAtom);
  const name = useId();
  const descriptionId = `${name}-description`;
  const current = toChoice(deviceAppUi);
  const labels: Record<Choice, string> = {
    account: t("menu.deviceLayoutAccount", {
      layout: accountAppUi === "car" ? t("menu.layoutCar") : t("menu.layoutStandard"),
    }),
    standard: t("menu.deviceLayoutStandard"),
    car: t("menu.deviceLayoutCar"),
  };
  return (
    <fieldset className="choice-field" aria-describedby={descriptionId}>
      <legend className="choice-field__legend">{t("menu.deviceLayout")}</legend>
      <p id={descriptionId} className="choice-field__description">
        {t("menu.deviceLayoutDescription")}
      </p>
      {CHOICES.map((choice) => (
        <label key={choice} className="choice-field__option" data-checked={choice === current}>
          <input
            type="radio"
            name={name}
            value={choice}
            className="choice-field__input"
            checked={choice === current}
            onChange={() => setDeviceAppUi(fromChoice(choice))}
          />
          <span>{labels[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
