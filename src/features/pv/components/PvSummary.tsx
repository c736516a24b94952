import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { PvLogSummary } from "../../../../contract/pv";
import { formatNumber, numberLocaleOf } from "../../../shared/numberFormat";
import { localeAtom } from "../../../platform/preferences/atoms";
import { formatKwh, formatPeriod, formatPower } from "./format";

/** One log's summary as a definition list: readings, period, energy and peak power. */
export function PvSummary({ log, testId }: { log: PvLogSummary; testId?: string }) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  return (
    <dl className="pv-summary" data-testid={testId}>
      <div>
        <dt>{t("pv.rows")}</dt>
        <dd data-testid={testId ? `${testId}-rows` : undefined}>{formatNumber(log.rows, numberLocaleOf(locale))}</dd>
      </div>
      <div>
        <dt>{t("pv.energy")}</dt>
        <dd data-testid={testId ? `${testId}-energy` : undefined}>{formatKwh(log.energyKwh, locale)}</dd>
      </div>
      <div>
        <dt>{t("pv.peak")}</dt>
        <dd>{formatPower(log.peakW, locale)}</dd>
      </div>
      <div>
        <dt>{t("pv.period")}</dt>
        <dd>{formatPeriod(log.from, log.to, locale)}</dd>
      </div>
    </dl>
  );
}
