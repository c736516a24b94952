import { useAtomValue } from "jotai";
import type { CarDashboardSectionProps } from "../../../platform/slots";
import { CarDevices } from "../capabilities";
import { devicesAtom } from "../atoms";
import { useDevicesFollowRevision } from "../revision";

/**
 * The car dashboard's section of the devices feature (its `carDashboard`): the devices adopted for the
 * car; `only` = the device ids a panel profile picks (`devices:<id>`), in its order.
 */
export function CarDevicesSection({ only }: CarDashboardSectionProps) {
  useDevicesFollowRevision({ fetchFirst: false });
  return <CarDevices devices={useAtomValue(devicesAtom) ?? []} only={only} />;
}
