import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { RoomGroup } from "../rooms";
import { BatteryIndicator } from "./BatteryIndicator";
import { SensorTile } from "./SensorTile";

/** Widest a room gets, in grid columns (the widest grid has 6; styles/rooms.css). */
const MAX_SPAN = 6;

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
  const headingId = useId();
  const span = Math.min(Math.max(room.tiles.length, 1), MAX_SPAN);
  return (
    <section className="room" aria-labelledby={headingId} data-span={span}>
      <div className="room__head">
        <h2 id={headingId} className="room__name">
          {room.name}
        </h2>
        {room.batteries.length > 0 && (
          <ul className="room__batteries" aria-label={t("sensors.batteries")}>
            {room.batteries.map((sensor) => (
              <BatteryIndicator key={sensor.id} place={sensor.place} label={sensor.label} />
            ))}
          </ul>
        )}
      </div>
      {room.tiles.length > 0 && (
        <ul className="room__tiles">
          {room.tiles.map((sensor) => (
            <li key={sensor.id} className="room__tile">
              <SensorTile
                kind={sensor.kind}
                place={sensor.place}
                label={sensor.label}
                room={room.name}
                onOpenHistory={onOpenHistory ? () => onOpenHistory(sensor) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
