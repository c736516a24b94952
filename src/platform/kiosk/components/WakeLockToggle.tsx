import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ToggleField } from "../../../ui/ToggleField";
import { setWakeLockEnabled, wakeLockEnabled } from "../settings";
import { wakeLockSupported } from "../wakeLock";

/**
 * 'Ekran zawsze włączony' (Screen Wake Lock as a kiosk preference). A setting of this
 * device, not of the account (a wall tablet wants it, a phone may not), kept in localStorage and
 * applied at once. Where the browser has no Screen Wake Lock API it is disabled and its description
 * says so.
 */
export function WakeLockToggle() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(() => wakeLockEnabled());
  const supported = wakeLockSupported();
  const handleChange = (next: boolean) => {
    setWakeLockEnabled(next);
    setEnabled(next);
  };
  return (
    <ToggleField
      label={t("menu.wakeLock")}
      description={supported ? t("menu.wakeLockDescription") : t("menu.wakeLockUnsupported")}
      stateText={{ on: t("menu.on"), off: t("menu.off") }}
      checked={supported && enabled}
      disabled={!supported}
      onChange={handleChange}
    />
  );
}
