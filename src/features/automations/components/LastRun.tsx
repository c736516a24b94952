import { useTranslation } from "react-i18next";
import type { AutomationRun } from "../../../../contract/automations";
import { actionKindKey } from "../describe";
import { formatRunTime } from "../format";

/**
 * The last run of an automation: 'Ostatnie uruchomienie: 22.11.2026, 21:03: Powodzenie'
 * (or 'Błąd', with each action that did not succeed and its error), or 'Jeszcze nie uruchomiona'.
 * `data-result` is `ok`, `failed` or `never`.
 */
export function LastRun({ run }: { run: AutomationRun | null }) {
  const { t, i18n } = useTranslation();
  if (!run) {
    return (
      <p className="automation__last muted" data-result="never">
        {t("automations.lastRun")}: {t("automations.neverRun")}
      </p>
    );
  }
  const result = run.ok ? t("automations.runOk") : t("automations.runFailed");
  const problems = run.outcomes
    .map((outcome, index) => ({ outcome, index }))
    .filter(({ outcome }) => outcome.status !== "done");
  return (
    <div className="automation__last" data-result={run.ok ? "ok" : "failed"}>
      <p>
        {t("automations.lastRun")} ({t(`automations.cause.${run.cause}`)}):{" "}
        <span className={run.ok ? "automation__ok" : "automation__failed"}>
          {t("automations.runAt", { time: formatRunTime(run.at, i18n.language), result })}
        </span>
      </p>
      {problems.length > 0 && (
        <ul className="automation__problems">
          {problems.map(({ outcome, index }) => (
            <li key={index}>
              {index + 1}. {t(actionKindKey(outcome.kind))}: {t(`automations.outcome.${outcome.status}`)}
              {outcome.error ? ` (${outcome.error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
