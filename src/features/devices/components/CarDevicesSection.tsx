import { useAtomValue } from "jotai";
import { CarDevices } from "../capabilities";
import { devicesAtom } from "../atoms";
import { useDevicesFollowRevision } from "../revision";

/** The car dashboard's section of the devices feature (its `carDashboard`): the devices adopted for the car. */
export function CarDevicesSection() {
  useDevicesFollowRevision({ fetchFirst: false });
  return <CarDevices devices={useAtomValue(devicesAtom) ?? []} />;
}
