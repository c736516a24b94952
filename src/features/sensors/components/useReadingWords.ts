import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ReadingWords } from "./formatReading";

/**
 * The words of binary readings in the current language (sensors' i18n): the door's 'Otwarte' /
 * 'Zamknięte', motion 'Ruch' / 'Brak ruchu', a leak 'Zalanie!' / 'Sucho', smoke 'Dym!' / 'Brak dymu'.
 * The same object while the language stays.
 */
export function useReadingWords(): ReadingWords {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      open: t("sensors.doorOpen"),
      closed: t("sensors.doorClosed"),
      detected: {
        occupancy: { on: t("sensors.binary.occupancyOn"), off: t("sensors.binary.occupancyOff") },
        leak: { on: t("sensors.binary.leakOn"), off: t("sensors.binary.leakOff") },
        smoke: { on: t("sensors.binary.smokeOn"), off: t("sensors.binary.smokeOff") },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the words change with the language only
    [t, language],
  );
}
