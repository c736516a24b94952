import L from "leaflet";
import "leaflet/dist/leaflet.css";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { useEffect, useRef } from "react";
import type { GeoPoint, TrackPoint } from "../../../../contract/gps";

/** Props of {@link GpsMap}. */
export type GpsMapProps = {
  /** Tile URL template (`{z}/{x}/{y}`), setting `gpsTileUrl`. */
  tileUrl: string;
  home: GeoPoint;
  radiusM: number;
  position: GeoPoint;
  track: readonly TrackPoint[];
  /** Accessible name of the map region ('Mapa: Mruczek'). */
  label: string;
  /** Text of the home marker ('Dom') and the tracker marker (its label). */
  homeLabel: string;
  trackerLabel: string;
  /** Called once when tiles fail to load (offline, server down): the screen then shows coordinates only. */
  onTilesFailed: () => void;
};

/** Leaflet's default marker, its images bundled by Vite (same origin or data: URIs, CSP-safe and precached), never fetched from a CDN. */
const catIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** How many failed tiles in a row count as "the tile server cannot be reached". */
const FAILED_TILES = 3;

/**
 * The tracker's map, in its own lazily loaded chunk with Leaflet and its CSS: the tile
 * layer of `tileUrl`, home with the notification radius, the track as a line and the cat as a marker.
 * The view fits home and the cat. Tiles that keep failing call `onTilesFailed` once. Keyboard: the
 * map takes focus and pans with the arrow keys, zooms with + and − (Leaflet's keyboard handler).
 */
export default function GpsMap({
  tileUrl,
  home,
  radiusM,
  position,
  track,
  label,
  homeLabel,
  trackerLabel,
  onTilesFailed,
}: GpsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<{ marker: L.Marker; line: L.Polyline; circle: L.Circle; home: L.CircleMarker } | null>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { attributionControl: true, zoomControl: true });
    let failures = 0;
    let reported = false;
    const tiles = L.tileLayer(tileUrl, { maxZoom: 19, crossOrigin: false });
    tiles.on("tileerror", () => {
      failures += 1;
      if (failures >= FAILED_TILES && !reported) {
        reported = true;
        failed.current();
      }
    });
    tiles.on("tileload", () => {
      failures = 0;
    });
    tiles.addTo(created);
    const circle = L.circle([home.lat, home.lon], {
      radius: radiusM,
      color: "#1d4ed8",
      weight: 2,
      fillOpacity: 0.08,
    }).addTo(created);
    const homeMarker = L.circleMarker([home.lat, home.lon], {
      radius: 7,
      color: "#1d4ed8",
      fillColor: "#ffffff",
      fillOpacity: 1,
      weight: 3,
    })
      .bindTooltip(homeLabel)
      .addTo(created);
    const line = L.polyline([], { color: "#b91c1c", weight: 3, opacity: 0.8 }).addTo(created);
    const marker = L.marker([position.lat, position.lon], {
      icon: catIcon,
      title: trackerLabel,
      alt: trackerLabel,
      keyboard: false,
    }).addTo(created);
    layers.current = { marker, line, circle, home: homeMarker };
    created.fitBounds(L.latLngBounds([home.lat, home.lon], [position.lat, position.lon]).pad(0.6), { maxZoom: 18 });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      layers.current = null;
    };
    // The map is built once per tile server and home; positions update below without rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, home.lat, home.lon, radiusM]);

  useEffect(() => {
    layers.current?.marker.setLatLng([position.lat, position.lon]);
  }, [position.lat, position.lon]);

  useEffect(() => {
    layers.current?.line.setLatLngs(track.map((point) => [point.lat, point.lon] as [number, number]));
  }, [track]);

  return <div ref={element} className="gps-map" role="region" aria-label={label} data-testid="gps-map" />;
}
