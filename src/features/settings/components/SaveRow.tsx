import { useTranslation } from "react-i18next";
import type { SettingSaveState } from "../useSettingSave";

/** Props of {@link SaveRow}. */
export type SaveRowProps = {
  state: SettingSaveState;
  /** The form's own problem (settingValueIssue's message), which disables saving; null when valid. */
  problem: string | null;
  /** True when there is nothing new to save. */
  unchanged: boolean;
  onSave: () => void;
};

/**
 * 'Zapisz' with what happened beside it: 'Zapisywanie…', 'Zapisano', the form's problem ('Popraw
 * przed zapisaniem: value.0.max: must be above min') or the hub's refusal ('Hub odrzucił zmianę: …'),
 * announced politely (role=status) or as an alert. Disabled while offline, locked, saving, invalid or unchanged.
 */
export function SaveRow({ state, problem, unchanged, onSave }: SaveRowProps) {
  const { t } = useTranslation();
  const message =
    problem !== null
      ? t("settings.invalid", { message: problem })
      : state.refusal !== null
        ? t("settings.refused", { message: state.refusal })
        : null;
  return (
    <div className="setting-save">
      <button
        type="button"
        className="button button--primary setting-save__button"
        disabled={state.blocked || state.pending || problem !== null || unchanged}
        title={state.blocked ? (state.blockedReason ?? undefined) : undefined}
        aria-busy={state.pending || undefined}
        onClick={onSave}
      >
        {state.pending ? t("settings.saving") : t("settings.save")}
      </button>
      <p className="setting-save__status" role="status">
        {state.status === "saved" && unchanged && !state.pending ? t("settings.saved") : ""}
      </p>
      {message !== null && (
        <p className="setting-save__problem" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
