import { useTranslation } from "react-i18next";
import type { ListedDevice } from "../../../../contract/adoption";
import { DeviceTile } from "./DeviceTile";
import { deviceLabel } from "./homeRooms";
import { comparePolish } from "../../../shared/collation";
import "./capabilities.css";

/** Props of {@link CarDevices}. */
export type CarDevicesProps = {
  devices: readonly ListedDevice[];
  /** The device ids to show, in this order (a panel profile's `devices:<id>`); absent = all, by label. */
  only?: readonly string[] | undefined;
};

/** The devices the car dashboard shows: adopted with `show: "car"`, not hidden, by label. */
export function carDevices(devices: readonly ListedDevice[]): ListedDevice[] {
  return devices
    .filter((device) => device.adoption !== null && !device.adoption.hidden && device.adoption.show === "car")
    .sort((a, b) => comparePolish(deviceLabel(a), deviceLabel(b)));
}

/**
 * The car dashboard's devices: a region 'Urządzenia' with a large {@link DeviceTile} (`variant="car"`,
 * 76 px touch targets) for each device adopted for the car (only those of `only`, in its order, when
 * given). Nothing when there is none.
 */
export function CarDevices({ devices, only }: CarDevicesProps) {
  const { t } = useTranslation();
  const adopted = carDevices(devices);
  const shown = only ? only.flatMap((id) => adopted.filter((device) => device.id === id)) : adopted;
  if (shown.length === 0) return null;
  return (
    <div role="region" aria-label={t("deviceTiles.home.heading")} data-testid="car-devices">
      <ul className="car-devices">
        {shown.map((device) => (
          <li key={device.id}>
            <DeviceTile device={device} adoption={device.adoption} variant="car" />
          </li>
        ))}
      </ul>
    </div>
  );
}
