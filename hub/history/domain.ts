import { defineDomain } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { adoptedSeries } from "../devices/uses/series";
import type { Migration } from "../core/db";
import { historyRoutes } from "./routes";
import { startHistory } from "./service";

const MIGRATIONS: readonly Migration[] = [
  {
    // History of live values (hub/history/): one row per series and minute (recent) or
    // quarter hour (compacted), with sum, count, min and max so averages stay exact when compacted.
    version: 11,
    order: 5,
    sql: `
      CREATE TABLE history (
        event TEXT NOT NULL,
        device TEXT NOT NULL,
        time INTEGER NOT NULL,
        span INTEGER NOT NULL,
        sum REAL NOT NULL,
        count INTEGER NOT NULL,
        min REAL NOT NULL,
        max REAL NOT NULL,
        PRIMARY KEY (event, device, time)
      ) WITHOUT ROWID;
      CREATE INDEX history_time ON history(time);
    `,
  },
];

/**
 * The history of live values (docs/contract.md "History"): recorded per minute, compacted per quarter
 * hour; the household file's series and those of adopted devices (the devices domain's adoptions).
 */
export const historyDomain = defineDomain({
  name: "history",
  routes: { history: ["general", "generalV1"] },
  migrations: MIGRATIONS,
  start: (context) => {
    const { db, link, log, household, domains } = context;
    const contributions = domains.flatMap((domain) => (domain.history ? [domain.history(household, context)] : []));
    const adoptions = context.find(devicesDomain)?.adoptions;
    const more = adoptions ? adoptedSeries(adoptions) : undefined;
    const history = startHistory(db, link, log, household, contributions, more);
    return { service: history, routes: { history: historyRoutes({ history }) }, stop: () => history.stop() };
  },
});
