import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { commandEnvAtom } from "../../../platform/commands";
import { automationsAtom, withRun } from "../atoms";
import { automationNotice, automationRunNotice } from "../live";

/**
 * Mounted once in the app shell: shows each notify action's message from
 * `automation/notify` as an info toast ('<automation>: <message>', 5000 ms), and puts each run the
 * hub announces on `automation/run` into the automations list. Messages already there when it mounts
 * (a restored snapshot) are not shown again; each message shows once (by its id).
 */
export function AutomationNotices() {
  const { t } = useTranslation();
  const notice = useAtomValue(automationNotice());
  const runNotice = useAtomValue(automationRunNotice());
  const env = useAtomValue(commandEnvAtom);
  const setList = useSetAtom(automationsAtom);
  const shown = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const id = notice?.id ?? null;
    if (shown.current === undefined) {
      shown.current = id; // what was there before this shell: not new
      return;
    }
    if (notice === null || id === shown.current) return;
    shown.current = id;
    env?.notify(t("automations.notice", { automation: notice.automation, message: notice.message }), "info");
  }, [notice, env, t]);

  useEffect(() => {
    if (runNotice) setList((list) => withRun(list, runNotice.id, runNotice.run));
  }, [runNotice, setList]);

  return null;
}
