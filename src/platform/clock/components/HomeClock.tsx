import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { clockDateAtom, clockTimeAtom } from "../labels";

/**
 * The home screen's clock: the time of day, large ('14:05'), and under it the date written
 * out in the app's language ('niedziela, 22 listopada'), both from the one app clock (spec §9).
 * Re-renders once a minute. data-testid="home-clock".
 */
export function HomeClock() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const time = useAtomValue(clockTimeAtom(locale));
  const date = useAtomValue(clockDateAtom(locale));
  return (
    <div className="clock" data-testid="home-clock">
      <p className="clock__time">{time}</p>
      <p className="clock__date">{date}</p>
    </div>
  );
}
