import type { FastifyInstance } from "fastify";
import { EVENTS_DAY_PATH, EventsDayQuerySchema, type EventsDayAnswer } from "../../contract/history";
import { parseBody } from "../http/body";
import type { HistoryService } from "./service";

/**
 * `GET /events/day` on the general bases (spec §7, §9; docs/contract.md "History"; shapes in
 * contract/history.ts): query `day`, `event`, `device` (repeated keys for several),
 * optional `bucket` minutes; answers `{items:[{event, device, time, value, min, max}]}`. A bad
 * query is 400 BAD_REQUEST naming the parameter; one spanning more than `MAX_BUCKETS_PER_ANSWER`
 * (events × devices × buckets) is 400 naming that limit.
 */
export function historyRoutes({ history }: { history: HistoryService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(EVENTS_DAY_PATH, async (request) => {
      const query = parseBody(EventsDayQuerySchema, { ...(request.query as object) });
      return { items: history.day(query) } satisfies EventsDayAnswer;
    });
  };
}
