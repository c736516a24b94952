import type { GeoPoint } from "../../contract/gps";
import { OWNTRACKS_BASE, ownTracksLocation } from "../gps/owntracks";
import type { SimDevice } from "./devices";
import { RandomWalk, round } from "./random-walk";

/** Metres per degree of latitude (and of longitude at the equator), for small offsets. */
const METRES_PER_DEGREE = 111_320;

/**
 * A GPS collar on a cat, speaking OwnTracks over MQTT: every tick it publishes a
 * `_type: "location"` message on `owntracks/<user>/<device>` (retained, as the OwnTracks app does
 * by default) with the fix time `tst` (epoch s), battery `batt` (%) and accuracy `acc` (m). The cat
 * wanders around the garden: its bearing and its distance from `home` (5 to `maxM` metres) are
 * bounded random walks, so it now and then strays past a radius of 60 m and comes back.
 */
export function ownTracksCat(options: {
  user: string;
  device: string;
  home: GeoPoint;
  maxM?: number;
  random?: () => number;
}): SimDevice {
  const random = options.random ?? Math.random;
  const maxM = options.maxM ?? 110;
  const distance = new RandomWalk(20, 5, maxM, 18, random);
  const bearing = new RandomWalk(random() * Math.PI * 2, -100, 100, 0.6, random);
  let battery = 87;
  const topic = `${OWNTRACKS_BASE}/${options.user}/${options.device}`;
  return {
    name: options.device,
    tick(at) {
      const d = distance.next();
      const b = bearing.next();
      const lat = options.home.lat + (d * Math.cos(b)) / METRES_PER_DEGREE;
      const lon =
        options.home.lon + (d * Math.sin(b)) / (METRES_PER_DEGREE * Math.cos((options.home.lat * Math.PI) / 180));
      battery = Math.max(5, battery - random() * 0.05);
      const payload = ownTracksLocation({
        lat: round(lat, 6),
        lon: round(lon, 6),
        timeMs: at.getTime(),
        battery: Math.round(battery),
        accuracyM: 4 + Math.round(random() * 8),
        tid: "mr",
      });
      return [{ topic, payload, retain: true }];
    },
  };
}
