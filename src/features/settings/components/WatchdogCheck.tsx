import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Sensor } from "../../../../contract/sensors";
import { formatNumber } from "../../../shared/numberFormat";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { checkWatchdogsCommand } from "../commands";
import { watchdogAlertAtom } from "../live";

/** An id of `POST /config/sensors/notify`'s answer, `<watchdog>/<rule id>`, split; null for any other shape. */
export function parseActiveAlert(id: string): { watchdog: "temp" | "weather"; rule: string } | null {
  const match = /^(temp|weather)\/(.+)$/.exec(id);
  return match?.[1] && match[2] ? { watchdog: match[1] as "temp" | "weather", rule: match[2] } : null;
}

/** One active alert: its sensor's label and the reading beyond its limit (from `alert/…`), or its id until that arrives. */
function ActiveAlert({ id, sensors }: { id: string; sensors: readonly Sensor[] }) {
  const { t, i18n } = useTranslation();
  const parsed = parseActiveAlert(id);
  const alert = useAtomValue(watchdogAlertAtom(parsed?.watchdog ?? "temp", parsed?.rule ?? id));
  if (!alert) return <li>{id}</li>;
  const format = (value: number) =>
    formatNumber(value, i18n.language === "en" ? "en-GB" : "nb-NO", { maximumFractionDigits: 1 });
  const label =
    sensors.find((sensor) => sensor.place === alert.place && sensor.kind === alert.kind)?.label ?? alert.place;
  const unit = alert.kind === "temp" ? "°C" : "µg/m³";
  const values = { label, value: format(alert.value), limit: format(alert.limit), unit };
  return <li>{alert.bound === "min" ? t("settings.checkAlertMin", values) : t("settings.checkAlertMax", values)}</li>;
}

/**
 * 'Sprawdź teraz' (spec §7 `POST config/sensors/notify`): asks the hub to judge the last readings
 * again and lists the alerts it answers as active ('Aktywne alarmy: 1' and 'Balkon: 31,2 °C powyżej
 * 30 °C'), or 'Brak aktywnych alarmów.'. Disabled offline or locked; busy while the call is on its way.
 */
export function WatchdogCheck({ sensors }: { sensors: readonly Sensor[] }) {
  const { t } = useTranslation();
  const check = useSetAtom(checkWatchdogsCommand);
  const gate = useCommandGate({ key: "watchdogs:check", pendingDisables: false });
  const { disabled, pending } = gate;
  const [active, setActive] = useState<string[] | null>(null);
  const handleCheck = async () => {
    const outcome = await check();
    if (outcome.status === "done") setActive(outcome.value);
  };
  return (
    <div className="watchdog-check">
      <button
        type="button"
        className="button"
        disabled={disabled}
        {...gateReasonProps(gate)}
        aria-busy={pending || undefined}
        onClick={() => void handleCheck()}
      >
        {t("settings.checkNow")}
      </button>
      <div role="status" className="watchdog-check__result">
        {active !== null &&
          (active.length === 0 ? (
            <p className="muted">{t("settings.checkNone")}</p>
          ) : (
            <p className="watchdog-alert">{t("settings.checkActive", { count: active.length })}</p>
          ))}
      </div>
      {active !== null && active.length > 0 && (
        <ul className="watchdog-check__list" aria-label={t("settings.checkActive", { count: active.length })}>
          {active.map((id) => (
            <ActiveAlert key={id} id={id} sensors={sensors} />
          ))}
        </ul>
      )}
    </div>
  );
}
