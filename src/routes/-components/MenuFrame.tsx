import { useCanGoBack, useNavigate, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBreakpoint } from "../../ui/breakpoint";
import { Drawer } from "../../ui/Drawer";

/**
 * The frame of /menu (spec §2): on a phone (the 'mobile' breakpoint) a drawer over the page that
 * slides out in 500 ms when closed (spec §9; 'Zamknij menu', Escape or a tap beside it) and then
 * returns to the screen the user came from (history back; home when /menu was opened directly);
 * on larger screens the page itself, headed 'Menu'. The route stays the menu's one address, so a
 * link, a reload and the phone's back gesture all work as for any other screen.
 */
export function MenuFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === "mobile";
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const handleClosed = () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: "/" });
  };
  if (phone)
    return (
      <Drawer title={t("menu.title")} closeLabel={t("menu.close")} onClosed={handleClosed} testId="menu-drawer">
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
