import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the GPS cat tracker: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  gps: {
    title: "Cat tracker",
    intro: "Where the cat is: the collar's position, the distance from home and the track of the last hours.",
    empty: "The tracker has not reported yet. Check that the collar has signal and battery.",
    distance: "From home",
    position: "Position",
    battery: "Battery",
    accuracy: "Accuracy: {{accuracy}}",
    fixTime: "Position from {{time}}",
    outside: "Away from home (radius {{radius}})",
    inside: "Near home (radius {{radius}})",
    noBattery: "no data",
    freshness: {
      fresh: "Current",
      outdated: "Outdated",
      stale: "Stale",
    },
    map: "Map: {{label}}",
    mapLoading: "Loading the map…",
    noTileServer:
      "Map off: no tile server is set. Coordinates and distance below. You can enter the server in the map settings.",
    tilesFailed:
      "The map tiles could not be loaded (no connection or the server does not answer). Showing coordinates and distance.",
    offline: "No connection: the map is unavailable, showing the last known position.",
    home: "Home",
    trackPoints: "Track of the last {{hours}} h: {{count}} points",
    notifications: "Notifications",
    notificationsDescription: "Notify when the cat leaves the area around home",
    notificationsFailed: "The notifications setting could not be saved",
    on: "On",
    off: "Off",
    settingsHeading: "Map settings",
    tileUrl: "Tile server URL",
    tileUrlHint:
      "A template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. Empty turns the map off.",
    tileUrlInvalid: "Enter an http(s) URL containing {z}, {x} and {y}",
    save: "Save",
    saving: "Saving…",
    tileUrlFailed: "The tile server URL could not be saved",
    alertLeft: "{{label}} left the area around home ({{distance}} from home)",
    alertReturned: "{{label}} is back near home ({{distance}} from home)",
    open: "Show the tracker",
  },
};
