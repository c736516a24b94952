export {
  DashboardDb,
  DASHBOARD_DB_NAME,
  getDashboardDb,
  onDashboardDbVersionChange,
  withDb,
  isDexieError,
} from "./database";
export { ApiResponseRowSchema, LiveSnapshotRowSchema, KvRowSchema, CACHED_HEADER_NAMES } from "./schema";
export type { ApiResponseRow, LiveSnapshotRow, KvRow } from "./schema";
export { getApiResponse, putApiResponse, clearApiResponses, DEFAULT_API_CACHE_LIMITS } from "./apiResponses";
export type { ApiCacheLimits } from "./apiResponses";
export { kvGet, kvSet, kvDelete, KV_KEYS } from "./kv";
export {
  saveLiveSnapshot,
  loadLiveSnapshot,
  clearLiveSnapshot,
  MAX_SNAPSHOT_ROWS,
  SNAPSHOT_CHUNK_ROWS,
} from "./liveSnapshot";
export type { LiveSnapshotSaveResult, SaveLiveSnapshotOptions, SnapshotSkipReason } from "./liveSnapshot";
