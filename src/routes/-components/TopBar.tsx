import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LiveSpinner } from "../../features/live/components/LiveSpinner";
import type { AppUi } from "../../features/preferences/schemas";
import { switchesWithoutPurposeCountAtom } from "../../features/switches/atoms";
import { SwitchesBadge } from "../../features/switches/components/SwitchesBadge";

/** Props of {@link TopBar}. */
export type TopBarProps = { layout: AppUi };

/**
 * The top bar (spec §2, UI contract): standard layout at the bottom with Start, Pogoda, Menu,
 * Przełączniki (badge) and Kamery; car layout vertical on the right with Start, Menu and D (car
 * dashboard). The red live spinner shows whenever the live connection is not connected.
 */
export function TopBar({ layout }: TopBarProps) {
  const { t } = useTranslation();
  const badgeDescriptionId = useId();
  const badgeCount = useAtomValue(switchesWithoutPurposeCountAtom);
  const activeProps = { className: "active", "aria-current": "page" as const };
  return (
    <nav className="topbar" aria-label={t("nav.label")} data-layout={layout}>
      <Link to="/" className="topbar__link" activeProps={activeProps} activeOptions={{ exact: true }}>
        {t("nav.home")}
      </Link>
      {layout === "standard" && (
        <Link to="/weather" className="topbar__link" activeProps={activeProps}>
          {t("nav.weather")}
        </Link>
      )}
      <Link to="/menu" className="topbar__link" activeProps={activeProps}>
        {t("nav.menu")}
      </Link>
      {layout === "standard" && (
        <>
          <Link
            to="/switches"
            className="topbar__link"
            aria-label={t("nav.switches")}
            aria-describedby={badgeCount > 0 ? badgeDescriptionId : undefined}
            activeProps={activeProps}
          >
            {t("nav.switches")}
            <SwitchesBadge descriptionId={badgeDescriptionId} />
          </Link>
          <Link to="/cameras" className="topbar__link" activeProps={activeProps}>
            {t("nav.cameras")}
          </Link>
        </>
      )}
      {layout === "car" && (
        <Link
          to="/car-dashboard"
          className="topbar__link topbar__link--car"
          aria-label={t("nav.carDashboard")}
          activeProps={activeProps}
        >
          D
        </Link>
      )}
      <LiveSpinner />
    </nav>
  );
}
