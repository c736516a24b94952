import { useCanGoBack, useLocation, useNavigate, useRouter } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBreakpoint } from "../../ui/breakpoint";
import { Drawer } from "../../ui/Drawer";

/**
 * The frame of /menu (spec §2): on a phone (the 'mobile' breakpoint) a drawer over the page that
 * slides out in 500 ms when closed (spec §9; 'Zamknij menu', Escape or a tap beside it) and then
 * returns to the screen the user came from (history back; home when /menu was opened directly);
 * on larger screens the page itself, headed 'Menu'. The route stays the menu's one address, so a
 * link, a reload and the phone's back gesture all work as for any other screen. Each visit (history
 * entry) gets its own drawer: a Menu tap while the screen behind is still loading after a close opens
 * a new one instead of finding the closed one still mounted.
 */
export function MenuFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === "mobile";
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  // The history entry of this visit to /menu; kept while the app leaves it (the drawer closing must
  // not remount), a new one when the user comes back to /menu before the menu unmounted.
  const entry = useLocation({
    select: (location) => (location.pathname === "/menu" ? (location.state.__TSR_key ?? location.href) : null),
  });
  const [visit, setVisit] = useState(entry);
  if (entry !== null && entry !== visit) setVisit(entry);
  const handleClosed = () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: "/" });
  };
  if (phone)
    return (
      <Drawer
        key={visit}
        title={t("menu.title")}
        closeLabel={t("menu.close")}
        onClosed={handleClosed}
        testId="menu-drawer"
      >
        <div className="menu">{children}</div>
      </Drawer>
    );
  return (
    <section className="page menu">
      <h1>{t("menu.title")}</h1>
      {children}
    </section>
  );
}
