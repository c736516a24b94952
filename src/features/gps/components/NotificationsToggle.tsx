import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { ToggleField } from "../../../ui/ToggleField";
import { useCommandGate } from "../../../platform/commands";
import { gpsNotificationsAtom } from "../atoms";
import { setGpsNotificationsCommand } from "../commands";

/**
 * 'Powiadomienia' on/off (spec §7 `POST /gps/notifications`): shows the state the hub published
 * (`gps/notifications`, retained; none yet = off); disabled while offline, locked or while a change is on its way.
 */
export function NotificationsToggle() {
  const { t } = useTranslation();
  const state = useAtomValue(gpsNotificationsAtom);
  const { disabled, pending, reason } = useCommandGate({ key: "gps:notifications" });
  const setNotifications = useSetAtom(setGpsNotificationsCommand);
  return (
    <div aria-busy={pending || undefined} data-testid="gps-notifications">
      <ToggleField
        label={t("gps.notifications")}
        description={t("gps.notificationsDescription")}
        checked={state === true}
        disabled={disabled}
        title={reason ?? undefined}
        onChange={(checked) => void setNotifications(checked)}
        stateText={{ on: t("gps.on"), off: t("gps.off") }}
      />
    </div>
  );
}
