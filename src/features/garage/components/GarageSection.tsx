import { useAtomValue } from "jotai";
import { useId } from "react";
import { GARAGE_DOORS, type DoorStatePayload, type GarageDoor } from "../../../../contract/garage";
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
  const headingId = useId();
  return (
    <section
      className={`room garage garage--${variant}`}
      aria-labelledby={headingId}
      data-span={Math.min(doors.length, 6)}
    >
      <div className="room__head">
        <h2 id={headingId} className="room__name">
          {room}
        </h2>
      </div>
      <ul className="room__tiles">
        {doors.map(([door, state]) => (
          <li key={door} className="room__tile">
            <DoorControl door={door} state={state} variant={variant} />
          </li>
        ))}
      </ul>
    </section>
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
