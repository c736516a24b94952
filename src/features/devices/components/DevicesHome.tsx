import { useAtomValue } from "jotai";
import { AlarmBanner, HomeDevices } from "../capabilities";
import { devicesAtom } from "../atoms";

/** Home's devices section: the active leak and smoke alarms on top, then the devices shown on home by room. */
export function DevicesHome() {
  const devices = useAtomValue(devicesAtom);
  return (
    <>
      <AlarmBanner />
      <HomeDevices devices={devices ?? []} />
    </>
  );
}
