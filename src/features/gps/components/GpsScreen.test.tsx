import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GpsState } from "../../../../contract/gps";
import { fakeClient, renderWithApp } from "../../../test/render";
import { applyLiveBatch } from "../../../platform/live/apply";
import { browserOnlineAtom } from "../../../platform/offline/atoms";
import { mergeTrack } from "../atoms";
import { GpsAlerts } from "./GpsAlerts";
import { GpsScreen } from "./GpsScreen";

afterEach(cleanup);

const state = (patch: Partial<GpsState> = {}): GpsState => ({
  label: "Mruczek",
  lat: 52.164712,
  lon: 21.078905,
  accuracyM: 12,
  battery: 81,
  time: new Date().toISOString(),
  distanceM: 57,
  home: { lat: 52.16425, lon: 21.07853 },
  radiusM: 60,
  outside: false,
  ...patch,
});

function setup() {
  const { client, requests } = fakeClient((request) =>
    request.path.includes("/track")
      ? { status: 200, body: { items: [] } }
      : { status: 200, body: { item: { state: true } } },
  );
  const notify = vi.fn();
  const view = renderWithApp(
    <>
      <GpsScreen />
      <GpsAlerts />
    </>,
    undefined,
    { api: { general: client, auth: client }, notify },
  );
  const publish = (entries: Record<string, unknown>) =>
    act(() =>
      applyLiveBatch(
        view.store,
        new Map(Object.entries(entries).map(([topic, value]) => [topic, { value, receivedAt: Date.now() }])),
      ),
    );
  return { ...view, requests, notify, publish };
}

describe("GpsScreen", () => {
  it("says what to do before the tracker has reported", () => {
    setup();
    expect(screen.getByTestId("gps-empty").textContent).toContain("Sprawdź, czy obroża ma zasięg i baterię");
  });

  it("shows each tracker's distance, coordinates, battery and freshness, and no map without a tile server", () => {
    const { publish } = setup();
    publish({ "gps/mruczek": state(), "gps/notifications": { state: false } });
    expect(screen.getByTestId("gps-distance").textContent).toContain("57\u00a0m");
    expect(screen.getByTestId("gps-coordinates").textContent).toContain("52,16471°\u00a0N, 21,07891°\u00a0E");
    expect(screen.getByTestId("gps-battery").textContent).toContain("81\u00a0%");
    expect(screen.getByTestId("gps-freshness").textContent).toContain("Aktualne");
    expect(screen.getByTestId("gps-map-notice").textContent).toContain("nie ustawiono serwera kafelków");
    expect(screen.queryByTestId("gps-tracker-notifications")).toBeNull();
  });

  it("marks a fix older than 5 minutes 'Przestarzałe' and outside the radius", () => {
    const { publish } = setup();
    publish({
      "gps/mruczek": state({ time: new Date(Date.now() - 6 * 60_000).toISOString(), distanceM: 1234, outside: true }),
    });
    expect(screen.getByTestId("gps-freshness").textContent).toContain("Przestarzałe");
    expect(screen.getByTestId("gps-distance").textContent).toContain("1,2\u00a0km");
    expect(screen.getByTestId("gps-facts").textContent).toContain("Poza domem (promień 60\u00a0m)");
  });

  it("with a tile server but offline, says the map is unavailable and keeps the facts", () => {
    const { publish, store } = setup();
    act(() => store.set(browserOnlineAtom, false));
    publish({ "gps/mruczek": state(), "settings/gpsTileUrl": "https://tile.openstreetmap.org/{z}/{x}/{y}.png" });
    expect(screen.getByTestId("gps-map-notice").textContent).toContain("Brak połączenia");
    expect(screen.getByTestId("gps-distance").textContent).toContain("57\u00a0m");
    expect((screen.getByRole("switch", { name: "Powiadomienia" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("ignores a malformed tracker payload", () => {
    const { publish } = setup();
    publish({ "gps/mruczek": { lat: "x" } });
    expect(screen.queryByTestId("gps-distance")).toBeNull();
  });

  it("toasts the hub's notification when the cat leaves home", () => {
    const { publish, notify } = setup();
    publish({
      "gps/alert": {
        tracker: "mruczek",
        label: "Mruczek",
        event: "left",
        distanceM: 80,
        radiusM: 60,
        time: new Date().toISOString(),
      },
    });
    expect(notify).toHaveBeenCalledWith("Mruczek wyszedł poza okolicę domu (80\u00a0m od domu)", "info");
  });
});

describe("mergeTrack", () => {
  it("merges by time without duplicates, oldest first, bounded", () => {
    const p = (minute: number) => ({
      lat: minute,
      lon: 0,
      time: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    });
    expect(mergeTrack([p(1), p(3)], [p(2), p(3)]).map((x) => x.lat)).toEqual([1, 2, 3]);
    const many = Array.from({ length: 5003 }, (_, i) => ({ lat: 0, lon: 0, time: new Date(i * 1000).toISOString() }));
    expect(mergeTrack([], many)).toHaveLength(5000);
  });
});
