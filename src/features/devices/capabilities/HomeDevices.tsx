import { useTranslation } from "react-i18next";
import type { ListedDevice } from "../../../../contract/adoption";
import { RoomTiles } from "../../../ui/RoomTiles";
import { DeviceTile } from "./DeviceTile";
import { homeDeviceRooms, type DeviceRoom } from "./homeRooms";
import "./capabilities.css";

/** Props of {@link HomeDevices}. */
export type HomeDevicesProps = { devices: readonly ListedDevice[] };

/**
 * Home's devices section: a region 'Urządzenia' with the adopted devices shown on home (adoption
 * `show: "home"`, not hidden), grouped by room like the sensors (each room a section headed by its
 * name, `<h2>`, as many grid columns as it has devices; devices without a room last under
 * 'Pozostałe'), each a {@link DeviceTile}. Nothing
 * when no device is shown on home.
 */
export function HomeDevices({ devices }: HomeDevicesProps) {
  const { t } = useTranslation();
  const rooms = homeDeviceRooms(devices);
  if (rooms.length === 0) return null;
  return (
    <div className="rooms-frame">
      <div
        className="rooms home-devices"
        role="region"
        aria-label={t("deviceTiles.home.heading")}
        data-testid="home-devices"
      >
        {rooms.map((room) => (
          <DeviceRoomSection key={room.room ?? ""} room={room} />
        ))}
      </div>
    </div>
  );
}

function DeviceRoomSection({ room }: { room: DeviceRoom }) {
  const { t } = useTranslation();
  return (
    <RoomTiles
      name={room.room ?? t("deviceTiles.home.otherRoom")}
      items={room.devices}
      itemKey={(device) => device.id}
      renderItem={(device) => <DeviceTile device={device} adoption={device.adoption} />}
    />
  );
}
