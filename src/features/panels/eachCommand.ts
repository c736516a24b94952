import { useStore } from "jotai";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { PanelCommand } from "../../../contract/panels";
import type { JotaiStore } from "../../shared/store";
import { panelCommand } from "./live";

/**
 * Calls `handle` once for each command written to `panel/<id>/command` in `store` (`id`: the panel's
 * id, or its command channel on a household Mosquitto), in
 * arrival order, including several within one frame (the live ingest applies each event message in
 * a batch of its own, and `store.sub` sees every write, where a render would see only the last).
 * The value already there when this starts (restored from the offline snapshot, or carried out
 * before) is not new. Whether a command is fresh, or was carried out already, is the caller's to say;
 * an error `handle` throws is logged.
 * @returns stop
 */
export function followPanelCommands(
  store: JotaiStore,
  id: string,
  handle: (message: PanelCommand) => void,
): () => void {
  const atom = panelCommand(id);
  let seen = store.get(atom)?.command.id ?? null;
  return store.sub(atom, () => {
    const message = store.get(atom)?.command;
    if (!message || message.id === seen) return;
    seen = message.id;
    try {
      handle(message);
    } catch (error) {
      console.error("panel: a command failed", error); // the live batch and the next commands go on
    }
  });
}

/**
 * {@link followPanelCommands} while the component is mounted, with the app's store; `handle` may
 * change between renders (the latest one is called), another `id` starts a new follow, and `null`
 * follows nothing (no command channel).
 */
export function useEachPanelCommand(id: string | null, handle: (message: PanelCommand) => void): void {
  const store = useStore();
  const latest = useRef(handle);
  useLayoutEffect(() => {
    latest.current = handle;
  });
  useEffect(
    () => (id === null ? undefined : followPanelCommands(store, id, (message) => latest.current(message))),
    [store, id],
  );
}
