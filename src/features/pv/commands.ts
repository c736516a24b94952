import { PV_LOG_PATH, type PvLogSummary } from "../../../contract/pv";
import { commandAtom } from "../../platform/commands";
import { uploadPvLog } from "./api";
import { pvLogsAtom, pvUploadProgressAtom } from "./atoms";

/**
 * Uploads a PV log (spec §7 `POST /pv/log`; DESIGN §4a command): refused offline or locked (nothing
 * is sent, never queued); the progress goes to {@link pvUploadProgressAtom}; the parsed log is put
 * first in the list. A failure toasts 'Nie udało się wysłać logu' and the screen shows the line.
 */
export const uploadPvLogCommand = commandAtom<File, PvLogSummary>({
  target: () => "pv:upload",
  request: () => ({ method: "POST", path: PV_LOG_PATH }),
  failureKey: "pv.failed",
  run: async ({ api, set }, file) => {
    set(pvUploadProgressAtom, { loaded: 0, total: file.size });
    try {
      const log = await uploadPvLog(api.general, file, (progress) => set(pvUploadProgressAtom, progress));
      set(pvLogsAtom, (logs) => [log, ...(logs ?? []).filter((entry) => entry.id !== log.id)]);
      return log;
    } finally {
      set(pvUploadProgressAtom, null);
    }
  },
});
