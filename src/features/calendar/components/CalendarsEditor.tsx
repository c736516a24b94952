import { valibotResolver } from "@hookform/resolvers/valibot";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CalendarAddBody, CalendarView } from "../../../../contract/calendar";
import { commandEnvAtom, gateReasonProps, useCommandGate } from "../../../platform/commands";
import { preferencesAtom } from "../../../platform/preferences/atoms";
import { formatDateTime } from "../../../shared/dateTimeFormat";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { TextField } from "../../../ui/TextField";
import { useLoaded } from "../../../ui/useLoaded";
import { addCalendar, editCalendar, fetchCalendarNow, fetchCalendars, removeCalendar } from "../api";
import { CALENDAR_COLOURS, calendarFormSchema, type CalendarFormValues } from "../calendarForm";
import "./calendars.css";

/**
 * 'Kalendarze' in the menu (docs/contract.md "Calendars"): the household's calendars, each with its
 * colour, label, masked address, when its events were last fetched and, when the last fetch failed,
 * why (in the user's language: `calendar.settings.errors.<code>`), with 'Pobierz teraz',
 * 'Wyłącz'/'Włącz' and 'Usuń' (asked first); under them the form that adds one by its ICS address
 * with a label and a colour (react-hook-form + valibot, calendarForm.ts). Buttons are gated
 * (offline, locked) by the command gate.
 */
export function CalendarsEditor() {
  const { t } = useTranslation();
  const env = useAtomValue(commandEnvAtom);
  const locale = useAtomValue(preferencesAtom).locale;
  const gate = useCommandGate({ key: "calendars" });
  const { loaded, reload: load } = useLoaded(env, (env) => fetchCalendars(env.api.general));
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CalendarView | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Runs one change against the hub, then reloads the list; a refusal is shown under the list. */
  const run = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    setRefusal(null);
    try {
      await action();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      await load();
    }
  };

  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CalendarFormValues, unknown, CalendarAddBody>({
    resolver: valibotResolver(calendarFormSchema),
    defaultValues: { label: "", url: "", colour: CALENDAR_COLOURS[0] },
  });
  const colour = watch("colour");
  const errorOf = (field: keyof CalendarFormValues) => {
    const message = errors[field]?.message;
    return message ? t(message.startsWith("calendar.") ? message : "calendar.settings.errors.urlInvalid") : undefined;
  };

  const submit = async (body: CalendarAddBody) => {
    if (!env) return;
    await run("add", async () => {
      await addCalendar(env.api.general, body);
      reset({ label: "", url: "", colour: CALENDAR_COLOURS[0] });
    });
  };

  const disabled = gate.disabled || busy !== null;

  return (
    <div className="calendars" data-testid="calendars">
      {loaded.status === "loading" && <p className="muted">{t("calendar.settings.loading")}</p>}
      {loaded.status === "failed" && (
        <p role="alert">
          {t("calendar.settings.loadFailed")}{" "}
          <button type="button" className="button" onClick={() => void load()}>
            {t("calendar.settings.retry")}
          </button>
        </p>
      )}
      {loaded.status === "loaded" && loaded.value.length === 0 && (
        <p className="muted">{t("calendar.settings.none")}</p>
      )}
      {loaded.status === "loaded" && loaded.value.length > 0 && (
        <ul className="calendars__list">
          {loaded.value.map((calendar) => (
            <li
              key={calendar.id}
              className="calendars__item"
              data-testid="calendar-item"
              data-enabled={calendar.enabled}
            >
              <div className="calendars__head">
                <span className="calendars__dot" style={{ backgroundColor: calendar.colour }} aria-hidden="true" />
                <span className="calendars__label">{calendar.label}</span>
                {!calendar.enabled && <span className="calendars__off">{t("calendar.settings.disabled")}</span>}
              </div>
              <p className="calendars__address">{calendar.address}</p>
              <p className="calendars__fetched">
                {calendar.fetchedAt
                  ? t("calendar.settings.fetchedAt", {
                      time: formatDateTime(calendar.fetchedAt, locale),
                      count: calendar.events,
                    })
                  : t("calendar.settings.neverFetched")}
              </p>
              {calendar.error && (
                <p className="calendars__error" data-testid="calendar-error">
                  {t(`calendar.settings.errors.${calendar.error.code}`, { status: calendar.error.status ?? "" })}{" "}
                  <span className="calendars__error-at">
                    ({formatDateTime(calendar.error.at, locale)}
                    {calendar.fetchedAt ? `; ${t("calendar.settings.keptEvents")}` : ""})
                  </span>
                </p>
              )}
              <div className="calendars__actions">
                <button
                  type="button"
                  className="button"
                  disabled={disabled || !calendar.enabled}
                  {...gateReasonProps(gate)}
                  onClick={() => env && void run(calendar.id, () => fetchCalendarNow(env.api.general, calendar.id))}
                >
                  {busy === calendar.id ? t("calendar.settings.fetching") : t("calendar.settings.fetchNow")}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={disabled}
                  onClick={() =>
                    env &&
                    void run(calendar.id, () =>
                      editCalendar(env.api.general, calendar.id, { enabled: !calendar.enabled }),
                    )
                  }
                >
                  {calendar.enabled ? t("calendar.settings.disable") : t("calendar.settings.enable")}
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={disabled}
                  onClick={() => setRemoving(calendar)}
                >
                  {t("calendar.settings.remove")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p className="field__error" role="alert">
          {t("calendar.settings.refused", { message: refusal })}
        </p>
      )}
      <form className="calendars__form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <h3 className="calendars__form-title">{t("calendar.settings.addHeading")}</h3>
        <TextField
          label={t("calendar.settings.label")}
          maxLength={40}
          autoComplete="off"
          disabled={gate.disabled}
          error={errorOf("label")}
          {...register("label")}
        />
        <TextField
          label={t("calendar.settings.url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://…/basic.ics"
          disabled={gate.disabled}
          error={errorOf("url")}
          {...register("url")}
        />
        <p className="calendars__hint">{t("calendar.settings.urlHint")}</p>
        <fieldset className="calendars__colours">
          <legend className="field__label">{t("calendar.settings.colour")}</legend>
          {CALENDAR_COLOURS.map((option) => (
            <label key={option} className="calendars__colour" data-checked={colour === option}>
              <input
                type="radio"
                value={option}
                checked={colour === option}
                onChange={() => setValue("colour", option)}
                aria-label={t("calendar.settings.colourName", { colour: option })}
              />
              <span className="calendars__dot" style={{ backgroundColor: option }} aria-hidden="true" />
            </label>
          ))}
          {errorOf("colour") && (
            <p className="field__error" role="alert">
              {errorOf("colour")}
            </p>
          )}
        </fieldset>
        <button
          type="submit"
          className="button button--primary"
          disabled={gate.disabled || isSubmitting}
          {...gateReasonProps(gate)}
        >
          {isSubmitting ? t("calendar.settings.adding") : t("calendar.settings.add")}
        </button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t("calendar.settings.removeTitle", { label: removing?.label ?? "" })}
        message={t("calendar.settings.removeMessage")}
        confirmLabel={t("calendar.settings.remove")}
        cancelLabel={t("calendar.settings.cancel")}
        tone="danger"
        busy={busy !== null}
        onConfirm={() => {
          const calendar = removing;
          setRemoving(null);
          if (calendar && env) void run(calendar.id, () => removeCalendar(env.api.general, calendar.id));
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
