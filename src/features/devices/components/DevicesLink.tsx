import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { newDevicesCountAtom } from "../listAtoms";

/** Props of {@link DevicesLink}. */
export type DevicesLinkProps = { className?: string };

/** The menu's link to /devices: 'Urządzenia', with how many are new when some are ('Urządzenia (nowe: 3)'). */
export function DevicesLink({ className }: DevicesLinkProps) {
  const { t } = useTranslation();
  const count = useAtomValue(newDevicesCountAtom);
  return (
    <Link to="/devices" className={className}>
      {count > 0 ? t("devices.menuLinkNew", { count }) : t("devices.menuLink")}
    </Link>
  );
}
