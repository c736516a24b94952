import { defineDomain, type HouseholdSections } from "../core/domain";
import type { Migration } from "../core/db";
import { CAMERAS_SECTIONS } from "../household/schema";
import { startSimulatedIpCameras } from "../simulator/ip-cameras";
import { devicesDomain } from "../devices/domain";
import { CAMERA_CLIPS_SQL } from "./recordings/clips-store";
import { startCameras } from "./start";

const MIGRATIONS: readonly Migration[] = [
  {
    // Cameras: edits of PATCH ../v5/cameras/{id} over the household file's camera
    // (cameras/store.ts), and recordings with their lock (PATCH /recordings/lock/{id}).
    version: 10,
    order: 7,
    sql: `
      CREATE TABLE camera_edits (
        id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE recordings (
        id TEXT PRIMARY KEY,
        camera_id TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        locked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX recordings_started ON recordings(started_at);
    `,
  },
  // The clips ffmpeg records from rtsp and go2rtc cameras around motion (recordings/clips-store.ts).
  { version: 19, order: 18, sql: CAMERA_CLIPS_SQL },
];

/** The cameras (drawn by the hub: source `demo`) and the doorbell at the gate of the demo household. */
const DEMO_HOUSEHOLD = {
  cameras: [
    {
      id: "zoom",
      label: "Furtka (zbliżenie)",
      hls: true,
      mjpeg: true,
      mobile: true,
      scaling: "cover",
      source: { type: "demo", hue: 210 },
      ptz: true,
    },
    { id: "brama", label: "Brama wjazdowa", hls: true, mjpeg: true, source: { type: "demo", hue: 30 } },
    {
      id: "ogrod",
      label: "Ogród",
      mjpeg: true,
      blackAndWhite: true,
      scaling: "contain",
      source: { type: "demo", hue: 120 },
    },
  ],
  doorbell: { type: "zigbee2mqtt", device: "dzwonek_brama", action: "single" },
} satisfies HouseholdSections<typeof CAMERAS_SECTIONS>;

/**
 * The cameras and the doorbell (docs/contract.md "Cameras"): three route sets, the camera bases v1
 * and v5 and the cameras' config on the general API (cameras/start.ts). In demo mode with the
 * simulator its own start simulates the doorbell and motion; its demo starter runs the simulated IP
 * cameras the household points at on this machine.
 */
export const camerasDomain = defineDomain({
  name: "cameras",
  routes: { cameras: ["cameras"], camerasV5: ["camerasV5"], camerasConfig: ["general", "generalV1"] },
  household: CAMERAS_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["camera", "doorbell"],
  automation: { triggers: ["doorbell"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    start: ({ household, log }) => startSimulatedIpCameras(household.cameras ?? [], log),
    simulates: [DEMO_HOUSEHOLD.doorbell.device],
  },
  start: ({ household, db, link, log, sessions, options, router, find }) => {
    const cameras = startCameras({
      household,
      db,
      link,
      log,
      sessions,
      demo: options.demo && options.simulator,
      dataDir: options.dataDir,
      demoCameraFps: options.demoCameraFps,
      router,
      report: (reason) => find(devicesDomain)?.registry.report(reason),
    });
    return {
      service: null,
      routes: { cameras: cameras.routes, camerasV5: cameras.v5Routes, camerasConfig: cameras.configRoutes },
      stop: () => cameras.close(),
    };
  },
});
