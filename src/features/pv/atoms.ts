import { atom } from "jotai";
import type { PvLogSummary } from "../../../contract/pv";
import type { UploadProgress } from "./upload";

/** The stored logs as last fetched (GET /pv/logs) or extended by an upload, newest first; null before the first fetch. */
export const pvLogsAtom = atom<readonly PvLogSummary[] | null>(null);

/** Progress of the upload on its way, or null when none is. */
export const pvUploadProgressAtom = atom<UploadProgress | null>(null);
