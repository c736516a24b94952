import { addMonths, format, isSameDay, isSameMonth, startOfDay } from "date-fns";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../../contract/preferences";
import { DATE_LOCALES, monthGrid } from "../calendarGrid";

/** Props of {@link DatePicker}. */
export type DatePickerProps = {
  /** The selected time, epoch ms. */
  value: number;
  /** Called with the new time: a day's local midnight, or now for 'Dzisiaj'. */
  onChange: (epochMs: number) => void;
  locale: Locale;
};

/**
 * A date picker (spec §2): the selected day written out in the user's language ('niedziela, 22
 * listopada 2026'), a 'Dzisiaj' button selecting the current time, and a month view opened by
 * 'Wybierz dzień' whose weeks start on Monday (date-fns locale), with previous and next month.
 * Every control is a labelled button (48 px), usable by keyboard and touch.
 */
export function DatePicker({ value, onChange, locale }: DatePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(value);
  const gridId = useId();
  const dateLocale = DATE_LOCALES[locale];
  const days = monthGrid(month, locale);
  const weekdays = days.slice(0, 7);
  const handleToday = () => {
    const now = Date.now();
    setMonth(now);
    onChange(now);
  };
  const handlePick = (day: number) => {
    onChange(day);
    setOpen(false);
  };
  return (
    <div className="date-picker">
      <div className="date-picker__bar">
        <p className="date-picker__value" data-testid="history-day" aria-live="polite">
          {format(value, "EEEE, d MMMM yyyy", { locale: dateLocale })}
        </p>
        <button type="button" className="button date-picker__today" onClick={handleToday}>
          {t("history.today")}
        </button>
        <button
          type="button"
          className="button date-picker__toggle"
          aria-expanded={open}
          aria-controls={gridId}
          onClick={() => {
            setMonth(value);
            setOpen((was) => !was);
          }}
        >
          <CalendarDays aria-hidden="true" /> {t("history.pickDay")}
        </button>
      </div>
      {open && (
        <div className="date-picker__month" id={gridId}>
          <div className="date-picker__nav">
            <button
              type="button"
              className="button date-picker__step"
              aria-label={t("history.previousMonth")}
              onClick={() => setMonth(addMonths(month, -1).getTime())}
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <p className="date-picker__month-name">{format(month, "LLLL yyyy", { locale: dateLocale })}</p>
            <button
              type="button"
              className="button date-picker__step"
              aria-label={t("history.nextMonth")}
              onClick={() => setMonth(addMonths(month, 1).getTime())}
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
          <div
            className="date-picker__grid"
            role="group"
            aria-label={format(month, "LLLL yyyy", { locale: dateLocale })}
          >
            {weekdays.map((day) => (
              <abbr
                key={`w${day}`}
                className="date-picker__weekday"
                title={format(day, "EEEE", { locale: dateLocale })}
              >
                {format(day, "EEEEEE", { locale: dateLocale })}
              </abbr>
            ))}
            {days.map((day) => (
              <button
                key={day}
                type="button"
                className="date-picker__day"
                data-outside={!isSameMonth(day, month)}
                aria-pressed={isSameDay(day, value)}
                aria-label={format(day, "EEEE, d MMMM yyyy", { locale: dateLocale })}
                onClick={() => handlePick(startOfDay(day).getTime())}
              >
                {format(day, "d")}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
