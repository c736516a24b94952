import { useAtomValue } from "jotai";
import { AlarmBanner, HomeDevices } from "../capabilities";
import { devicesAtom } from "../atoms";
import { useDevicesFollowRevision } from "../revision";

/** Home's devices section: the active leak and smoke alarms on top, then the devices shown on home by room, kept current by `devices/revision`. */
export function DevicesHome() {
  const devices = useAtomValue(devicesAtom);
  useDevicesFollowRevision({ fetchFirst: false });
  return (
    <>
      <AlarmBanner />
      <HomeDevices devices={devices ?? []} />
    </>
  );
}
