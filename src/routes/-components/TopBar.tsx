import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { Cctv, CloudSun, Gauge, House, Menu, ToggleRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LiveSpinner } from "../../platform/live/components/LiveSpinner";
import type { AppUi } from "../../platform/preferences/schemas";
import { switchesWithoutPurposeCountAtom } from "../../features/switches/atoms";
import { SwitchesBadge } from "../../features/switches/components/SwitchesBadge";

/** Props of {@link TopBar}. */
export type TopBarProps = { layout: AppUi };

/** A bar link's face: an icon (hidden from screen readers) above a short label; `extra` sits on the icon (a badge). */
function LinkFace({ icon, label, extra }: { icon: ReactNode; label: string; extra?: ReactNode }) {
  return (
    <>
      <span className="topbar__icon" aria-hidden="true">
        {icon}
      </span>
      {extra}
      <span className="topbar__label">{label}</span>
    </>
  );
}

/**
 * The top bar (spec §2, UI contract: nav 'Pasek główny'): standard layout at the bottom with Start,
 * Pogoda, Menu, Przełączniki (badge) and Kamery, each an icon above a short label, at least 48 px,
 * the current page marked by an indicator bar and bold text (aria-current="page"); car layout
 * vertical on the right with Start, Menu and D (car dashboard: a speedometer icon above the letter D,
 * named 'Pulpit samochodowy'), 76 px targets. The red live spinner
 * shows in a reserved slot whenever the live connection is not connected, so nothing shifts.
 */
export function TopBar({ layout }: TopBarProps) {
  const { t } = useTranslation();
  const badgeDescriptionId = useId();
  const badgeCount = useAtomValue(switchesWithoutPurposeCountAtom);
  const activeProps = { className: "active", "aria-current": "page" as const };
  return (
    <nav className="topbar" aria-label={t("nav.label")} data-layout={layout}>
      <Link to="/" className="topbar__link" activeProps={activeProps} activeOptions={{ exact: true }}>
        <LinkFace icon={<House />} label={t("nav.home")} />
      </Link>
      {layout === "standard" && (
        <Link to="/weather" className="topbar__link" activeProps={activeProps}>
          <LinkFace icon={<CloudSun />} label={t("nav.weather")} />
        </Link>
      )}
      <Link to="/menu" className="topbar__link" activeProps={activeProps}>
        <LinkFace icon={<Menu />} label={t("nav.menu")} />
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
            <LinkFace
              icon={<ToggleRight />}
              label={t("nav.switches")}
              extra={<SwitchesBadge descriptionId={badgeDescriptionId} />}
            />
          </Link>
          <Link to="/cameras" className="topbar__link" activeProps={activeProps}>
            <LinkFace icon={<Cctv />} label={t("nav.cameras")} />
          </Link>
        </>
      )}
      {layout === "car" && (
        <Link
          to="/car-dashboard"
          className="topbar__link topbar__link--car"
          aria-label={t("nav.carDashboard")}
          title={t("nav.carDashboard")}
          activeProps={activeProps}
        >
          <LinkFace icon={<Gauge />} label="D" />
        </Link>
      )}
      <LiveSpinner />
    </nav>
  );
}
