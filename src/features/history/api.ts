import type { ApiClient } from "../../lib/api/client";
import { EVENTS_DAY_PATH, EventsDayAnswerSchema, type HistoryEvent, type HistoryItem } from "../../../contract/history";

/** What {@link fetchDayHistory} asks for: the day (YYYY-MM-DD), the series, and the bucket in minutes (default 5). */
export type DayHistoryQuery = {
  day: string;
  events: readonly HistoryEvent[];
  devices: readonly string[];
  bucketMinutes?: number;
};

/**
 * `GET /events/day` on the general base (spec §7, §9; docs/contract.md "History"): the day's buckets
 * (time, average value, min, max) of every asked event at every asked device, arrays sent as
 * repeated keys. Errors: ApiError (a malformed answer is kind "server").
 */
export async function fetchDayHistory(
  general: ApiClient,
  query: DayHistoryQuery,
  signal?: AbortSignal,
): Promise<HistoryItem[]> {
  const result = await general.get(EVENTS_DAY_PATH, {
    schema: EventsDayAnswerSchema,
    query: {
      day: query.day,
      event: [...query.events],
      device: [...query.devices],
      ...(query.bucketMinutes === undefined ? {} : { bucket: String(query.bucketMinutes) }),
    },
    ...(signal ? { signal } : {}),
  });
  return result.data.items;
}
