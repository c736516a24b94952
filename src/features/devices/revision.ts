import { atom, useAtomValue, useStore } from "jotai";
import { useEffect } from "react";
import { DEVICES_REVISION_TOPIC, DevicesRevisionSchema } from "../../../contract/devices";
import { sessionRevalidatorAtom } from "../../lib/session/revalidate";
import { liveFamily } from "../../platform/live/family";
import { devicesResource } from "./resource";

/** `devices/revision` (retained): the hub's revision of the device list, null until it arrives. */
const revisions = liveFamily({
  pattern: DEVICES_REVISION_TOPIC,
  schema: DevicesRevisionSchema,
  map: (payload) => payload.revision,
});

/** The revision the list was last fetched for (null: none yet), and whether a fetch is on its way. */
const followAtom = atom<{ fetched: number | null; running: boolean }>({ fetched: null, running: false });

/**
 * Keeps the device list current while mounted (the devices screen): when `devices/revision` differs
 * from the revision the list was last fetched for (the first time the screen opens, a device joins,
 * leaves, changes availability, an adoption is saved anywhere), `GET /devices` is fetched again
 * through the session's loader (so the answer is cached for offline like at boot). Revisions that
 * arrive while a fetch runs lead to one more fetch when it ends, not one each. With `fetchFirst`
 * false (home and the car dashboard, shown right after the boot's own GET /devices), the first
 * revision seen is taken as the one the boot's list answers, and only later ones fetch.
 */
export function useDevicesFollowRevision({ fetchFirst = true }: { fetchFirst?: boolean } = {}): void {
  const revision = useAtomValue(revisions());
  const store = useStore();
  useEffect(() => {
    const follow = (): void => {
      const wanted = store.get(revisions());
      const state = store.get(followAtom);
      const loader = store.get(sessionRevalidatorAtom);
      if (wanted === null || state.running || state.fetched === wanted || loader === null) return;
      if (state.fetched === null && !fetchFirst) {
        store.set(followAtom, { fetched: wanted, running: false });
        return;
      }
      store.set(followAtom, { fetched: wanted, running: true });
      void loader.revalidate(devicesResource).finally(() => {
        store.set(followAtom, (current) => ({ ...current, running: false }));
        follow();
      });
    };
    follow();
  }, [revision, store, fetchFirst]);
}
