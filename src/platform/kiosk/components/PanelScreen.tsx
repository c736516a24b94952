import { useAtomValue, useStore } from "jotai";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { clockDateAtom, clockTimeAtom } from "../../clock/labels";
import { fullyApi } from "../fully";
import { panelProfileAtom } from "../profile";
import { screenStateAtom } from "../screen-state";
import { startPanelScreen, type PanelScreen as PanelScreenHandle, type PanelScreenOptions } from "../screensaver";
import { swallowGesture } from "../swallowGesture";
import "./screensaver.css";

/** Props of {@link PanelScreen}. */
export type PanelScreenProps = {
  /** What the screensaver shows under the clock and date (the outdoor temperature, the next event). */
  details?: ReactNode;
  /** Options of the screen's machinery (tests); read once at mount. */
  options?: PanelScreenOptions;
};

/**
 * This panel's screensaver and night, mounted once in the app shell:
 * runs {@link startPanelScreen} and, while the screen is not awake, covers everything with the
 * screensaver (a large clock, the date and `details`), dimmed (an overlay at the profile's
 * brightness, or Fully's screen brightness) or black. The first touch, click or key only wakes the
 * screen: the whole gesture is swallowed in the capture phase ({@link swallowGesture}), so nothing
 * under the finger is pressed. data-testid="screensaver", `data-state` the screen state.
 */
export function PanelScreen({ details, options }: PanelScreenProps) {
  const store = useStore();
  const state = useAtomValue(screenStateAtom);
  const handle = useRef<PanelScreenHandle | null>(null);
  const optionsRef = useRef(options);

  useEffect(() => {
    const screen = startPanelScreen(store, optionsRef.current);
    handle.current = screen;
    return () => {
      handle.current = null;
      screen.stop();
    };
  }, [store]);

  const asleep = state !== "awake";
  useEffect(() => {
    if (!asleep) return;
    const handleFirst = (event: Event): void => {
      event.preventDefault();
      event.stopImmediatePropagation();
      swallowGesture(window);
      handle.current?.wake();
    };
    const types = ["pointerdown", "keydown"] as const;
    for (const type of types) window.addEventListener(type, handleFirst, { capture: true });
    return () => {
      for (const type of types) window.removeEventListener(type, handleFirst, { capture: true });
    };
  }, [asleep]);

  if (!asleep) return null;
  return <ScreensaverFace state={state} details={details} />;
}

function ScreensaverFace({ state, details }: { state: "screensaver" | "dim" | "black"; details: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const time = useAtomValue(clockTimeAtom(locale));
  const date = useAtomValue(clockDateAtom(locale));
  const { dimBrightness } = useAtomValue(panelProfileAtom).screensaver;
  // Inside Fully Kiosk the device's own brightness dims; elsewhere the page darkens itself.
  const shade = state === "dim" && fullyApi() === null ? 1 - dimBrightness : 0;
  return (
    <section className="screensaver" data-testid="screensaver" data-state={state} aria-label={t("screensaver.label")}>
      {state !== "black" && (
        <div className="screensaver__face">
          <p className="screensaver__time">{time}</p>
          <p className="screensaver__date">{date}</p>
          {details}
          <p className="screensaver__hint">{t("screensaver.hint")}</p>
        </div>
      )}
      {shade > 0 && <div className="screensaver__shade" style={{ opacity: shade }} aria-hidden="true" />}
    </section>
  );
}
