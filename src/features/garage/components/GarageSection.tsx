import { useAtomValue } from "jotai";
import { GARAGE_DOORS, type DoorStatePayload, type GarageDoor } from "../../../../contract/garage";
import { RoomTiles } from "../../../ui/RoomTiles";
import { doorStateAtom } from "../atoms";
import { DoorControl } from "./DoorControl";
import "./garage.css";

/** Props of {@link GarageSection}. */
export type GarageSectionProps = { variant?: "home" | "car" };

/** One room with its doors. */
function DoorRoom({
  room,
  doors,
  variant,
}: {
  room: string;
  doors: [GarageDoor, DoorStatePayload][];
  variant: "home" | "car";
}) {
  return (
    <RoomTiles
      name={room}
      className={`garage garage--${variant}`}
      items={doors}
      itemKey={([door]) => door}
      renderItem={([door, state]) => <DoorControl door={door} state={state} variant={variant} />}
    />
  );
}

/**
 * The garage door and gate grouped by their room (the room and label come with each
 * door's live state, `garage/<door>/state`), in a room grid like the sensors' (`.rooms` / `.room`, home.css).
 * A door the hub has not reported yet (not in the household, or its device never spoke) is not
 * shown. `variant="car"` gives the car dashboard's large touch targets.
 */
export function GarageSection({ variant = "home" }: GarageSectionProps) {
  const garage = useAtomValue(doorStateAtom("garage"));
  const gate = useAtomValue(doorStateAtom("gate"));
  const known: [GarageDoor, DoorStatePayload | null][] = [
    [GARAGE_DOORS[0], garage],
    [GARAGE_DOORS[1], gate],
  ];
  const rooms = new Map<string, [GarageDoor, DoorStatePayload][]>();
  for (const [door, state] of known) {
    if (!state) continue;
    const list = rooms.get(state.room) ?? [];
    list.push([door, state]);
    rooms.set(state.room, list);
  }
  if (rooms.size === 0) return null;
  return (
    <div className="rooms-frame" data-testid="garage-section">
      <div className="rooms">
        {[...rooms].map(([room, doors]) => (
          <DoorRoom key={room} room={room} doors={doors} variant={variant} />
        ))}
      </div>
    </div>
  );
}
