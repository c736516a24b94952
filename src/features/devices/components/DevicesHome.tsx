import { useAtomValue } from "jotai";
import { HomeDevices } from "../capabilities";
import { devicesAtom } from "../atoms";
import { useDevicesFollowRevision } from "../revision";

/** Home's devices section: the devices shown on home by room, kept current by `devices/revision` (the alarms are above every screen: routes/__root.tsx). */
export function DevicesHome() {
  const devices = useAtomValue(devicesAtom);
  useDevicesFollowRevision({ fetchFirst: false });
  return <HomeDevices devices={devices ?? []} />;
}
