import { useAtomValue } from "jotai";
import { Droplets, Flame } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatTimeOfDay } from "../../../shared/dateFormat";
import { deviceAlertsAtom } from "./state";
import "./capabilities.css";

/**
 * The device alarms active now (`alert/leak/+`, `alert/smoke/+`, deviceAlertsAtom), above every
 * screen (routes/__root.tsx): a red banner with `role="alert"` (read out as it appears) listing each one: 'Wyciek wody:
 * <label>' / 'Dym: <label>' with its room and since when ('od 14:32'). Nothing while none is active;
 * a cleared alarm leaves it as soon as the device reports it.
 */
export function AlarmBanner() {
  const { t } = useTranslation();
  const alerts = useAtomValue(deviceAlertsAtom);
  if (alerts.length === 0) return null;
  return (
    <div className="alarm-banner" role="alert" data-testid="alarm-banner">
      <ul className="alarm-banner__list">
        {alerts.map(({ alarm, id, alert }) => {
          const Icon = alarm === "leak" ? Droplets : Flame;
          const since = Date.parse(alert.since);
          return (
            <li key={`${alarm}/${id}`} className="alarm-banner__item" data-alarm={alarm}>
              <Icon aria-hidden="true" size={28} />
              <strong>{t(`deviceTiles.alarm.${alarm}`, { label: alert.label })}</strong>
              {alert.room ? <span className="alarm-banner__room">{alert.room}</span> : null}
              {Number.isFinite(since) ? (
                <span className="alarm-banner__since">
                  {t("deviceTiles.alarm.since", { time: formatTimeOfDay(since, "2-digit") })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
