import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { liveConnectedAtom } from "../../live/atoms";
import { OutdoorMinBox } from "../../sensors/components/OutdoorMinBox";

/**
 * The car dashboard for now (spec §2, reached by D in the car layout): the lowest outdoor temperature
 * without decimals and the live connection state; car switches belong to a later issue.
 */
export function CarDashboard() {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  return (
    <div className="car-dashboard">
      <OutdoorMinBox fractionDigits={0} />
      <p>
        {t("car.live")}: <strong>{connected ? t("car.connected") : t("car.disconnected")}</strong>
      </p>
      <p className="muted">{t("car.coming")}</p>
    </div>
  );
}
