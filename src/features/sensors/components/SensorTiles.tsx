import { useMemo } from "react";
import { Thermometer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { groupByRoom } from "../rooms";
import type { Sensor } from "../schemas";
import { RoomSection } from "./RoomSection";

/** Props of {@link SensorTiles}. */
export type SensorTilesProps = {
  sensors: readonly Sensor[];
  /** When given, each reading tile gets a 'Wykres dnia' button calling it with the sensor. */
  onOpenHistory?: ((sensor: Sensor) => void) | undefined;
  /** Rooms to render, from the first (default: all): the home screen mounts them one by one. */
  roomLimit?: number | undefined;
};

/**
 * The sensors grouped by room ({@link groupByRoom}, sensors without a room under
 * 'Pozostałe'): one {@link RoomSection} per room in a grid that packs rooms side by side on wide
 * screens and stacks them on a phone. The list holds ids; each tile reads its own atom. With no
 * sensors, an empty state saying where sensors are added ('Brak czujników'). `roomLimit` renders only
 * the first rooms: rooms are appended below those shown, so none of them moves.
 */
export function SensorTiles({ sensors, onOpenHistory, roomLimit }: SensorTilesProps) {
  const { t } = useTranslation();
  const rooms = useMemo(() => groupByRoom(sensors, t("sensors.otherRoom")), [sensors, t]);
  if (sensors.length === 0) {
    return (
      <EmptyState
        icon={<Thermometer />}
        title={t("sensors.none")}
        hint={t("sensors.noneHint")}
        testId="sensors-empty"
      />
    );
  }
  return (
    <div className="rooms-frame">
      <div className="rooms" data-testid="sensor-rooms">
        {rooms.slice(0, roomLimit ?? rooms.length).map((room) => (
          <RoomSection key={room.key} room={room} onOpenHistory={onOpenHistory} />
        ))}
      </div>
    </div>
  );
}
