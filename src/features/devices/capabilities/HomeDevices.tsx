import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ListedDevice } from "../../../../contract/adoption";
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

/** Widest a room gets, in grid columns (the rooms grid has at most 6, styles/home.css). */
const MAX_SPAN = 6;

function DeviceRoomSection({ room }: { room: DeviceRoom }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className="room"
      aria-labelledby={headingId}
      data-span={Math.min(Math.max(room.devices.length, 1), MAX_SPAN)}
    >
      <div className="room__head">
        <h2 id={headingId} className="room__name">
          {room.room ?? t("deviceTiles.home.otherRoom")}
        </h2>
      </div>
      <ul className="room__tiles">
        {room.devices.map((device) => (
          <li key={device.id} className="room__tile">
            <DeviceTile device={device} adoption={device.adoption} />
          </li>
        ))}
      </ul>
    </section>
  );
}
