import { useTranslation } from "react-i18next";
import type { RoomGroup } from "../rooms";
import { RoomTiles } from "../../../ui/RoomTiles";
import { BatteryIndicator } from "./BatteryIndicator";
import { SensorTile } from "./SensorTile";

/** Props of {@link RoomSection}. */
export type RoomSectionProps = {
  room: RoomGroup;
  /** Opens a sensor's chart of the day; without it the tiles have no chart button. */
  onOpenHistory?: ((sensor: RoomGroup["tiles"][number]) => void) | undefined;
};

/**
 * One room of the home screen: a section headed by the room's name (`<h2>`) with its
 * battery levels small beside the name, then a tile per other sensor. `data-span` (1..6, the tile
 * count) lets the room grid give the room as many columns as it has tiles, up to the grid's width.
 */
export function RoomSection({ room, onOpenHistory }: RoomSectionProps) {
  const { t } = useTranslation();
  return (
    <RoomTiles
      name={room.name}
      aside={
        room.batteries.length > 0 && (
          <ul className="room__batteries" aria-label={t("sensors.batteries")}>
            {room.batteries.map((sensor) => (
              <BatteryIndicator key={sensor.id} place={sensor.place} label={sensor.label} />
            ))}
          </ul>
        )
      }
      items={room.tiles}
      itemKey={(sensor) => sensor.id}
      renderItem={(sensor) => (
        <SensorTile
          kind={sensor.kind}
          place={sensor.place}
          label={sensor.label}
          room={room.name}
          onOpenHistory={onOpenHistory ? () => onOpenHistory(sensor) : undefined}
        />
      )}
    />
  );
}
