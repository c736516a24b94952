import { useAtomValue } from "jotai";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { allLightsAtom } from "../live";
import { groupLightsByRoom } from "../rooms";
import { LightTile } from "./LightTile";
import "./Lights.css";

/**
 * The lights on the home screen: every light announced on `features/light/+`, grouped by
 * room (lights without one under 'Pozostałe'), a {@link LightTile} each. Nothing while no light is known.
 */
export function LightsSection() {
  const { t } = useTranslation();
  const lights = useAtomValue(allLightsAtom);
  const rooms = useMemo(() => groupLightsByRoom(lights, t("lights.otherRoom")), [lights, t]);
  const headingId = useId();
  if (lights.length === 0) return null;
  return (
    <section className="lights" aria-labelledby={headingId}>
      <h2 id={headingId} className="lights__heading">
        {t("lights.heading")}
      </h2>
      <div className="rooms-frame">
        <div className="rooms">
          {rooms.map((room) => (
            <section
              key={room.key}
              className="room"
              aria-label={`${t("lights.heading")}: ${room.name}`}
              data-span={Math.min(Math.max(room.lights.length, 1), 6)}
            >
              <div className="room__head">
                <h3 className="room__name">{room.name}</h3>
              </div>
              <ul className="room__tiles">
                {room.lights.map((light) => (
                  <li key={light.id} className="room__tile">
                    <LightTile features={light} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
