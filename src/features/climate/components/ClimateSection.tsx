import { useAtomValue } from "jotai";
import type { ReactElement } from "react";
import type { Sensor } from "../../../../contract/sensors";
import { allAcAtom, heaterStateAtom } from "../live";
import { AcTile } from "./AcTile";
import { HeaterTile } from "./HeaterTile";
import { RoomTiles } from "../../../ui/RoomTiles";
import "./climate.css";
import { comparePolish } from "../../../shared/collation";

/** Props of {@link ClimateSection}. */
export type ClimateSectionProps = { sensors: readonly Sensor[] };

/** One tile of the section: the heater or an AC unit. */
type Entry = { key: string; label: string; node: ReactElement };

/** One room with its climate tiles. */
function ClimateRoom({ room, entries }: { room: string; entries: Entry[] }) {
  return (
    <RoomTiles
      name={room}
      className="climate"
      items={entries}
      itemKey={(entry) => entry.key}
      renderItem={(entry) => entry.node}
    />
  );
}

/**
 * The heater and the air conditioning on the home screen, grouped by their room (room
 * and label come with each live state, `heater/state` and `ac/<id>`), in the room grid like the
 * garage's. A device the hub has not announced is not shown; nothing at all without any.
 */
export function ClimateSection({ sensors }: ClimateSectionProps) {
  const heater = useAtomValue(heaterStateAtom());
  const units = useAtomValue(allAcAtom);
  const rooms = new Map<string, Entry[]>();
  const add = (room: string, entry: Entry) => rooms.set(room, [...(rooms.get(room) ?? []), entry]);
  if (heater)
    add(heater.room, { key: "heater", label: heater.label, node: <HeaterTile state={heater} sensors={sensors} /> });
  for (const [id, state] of units)
    add(state.room, { key: `ac:${id}`, label: state.label, node: <AcTile id={id} state={state} /> });
  if (rooms.size === 0) return null;
  return (
    <div className="rooms-frame" data-testid="climate-section">
      <div className="rooms">
        {[...rooms]
          .sort(([a], [b]) => comparePolish(a, b))
          .map(([room, entries]) => (
            <ClimateRoom key={room} room={room} entries={entries.sort((a, b) => comparePolish(a.label, b.label))} />
          ))}
      </div>
    </div>
  );
}
