import type { FastifyInstance } from "fastify";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Db } from "../core/db";
import type { Household } from "../household/schema";
import { simulatedDoorbell } from "../simulator/doorbell";
import { startDoorbellBridge } from "./doorbell";
import { rtcRoutes } from "./rtc/routes";
import { RtcService } from "./rtc/service";
import { camerasConfigRoutes, camerasRoutes, camerasV5Routes } from "./routes";
import { CameraService } from "./service";
import { CameraEditStore } from "./store";

/** The camera domain as server.ts composes it: the routes of both camera bases and the cleanup. */
export interface CamerasDomain {
  service: CameraService;
  /** WebRTC answers (demo clips, go2rtc): its `open` peer connections. */
  rtc: RtcService;
  /** Routes of `/api/cameras/v1`. */
  routes: (app: FastifyInstance) => Promise<void>;
  /** Routes of `/api/cameras/v5`. */
  v5Routes: (app: FastifyInstance) => Promise<void>;
  /** Routes of the general bases (`POST /config/cameras/reload`). */
  configRoutes: (app: FastifyInstance) => Promise<void>;
  close(): void;
}

/**
 * Builds the camera domain (issue 12): the household's cameras with their stored edits
 * (`camera_edits`), their WebRTC answers (rtc/: the hub's own for demo cameras, go2rtc's for go2rtc
 * cameras; closed with the domain), the doorbell bridge when the household has a
 * doorbell, and in demo mode with the simulator the demo-only `POST /demo/doorbell` that presses the
 * simulated doorbell button from the device end.
 */
export function startCameras(options: { household: Household; db: Db; link: BrokerLink; log: HubLogger; demo: boolean }): CamerasDomain {
  const service = new CameraService(options.household.cameras ?? [], new CameraEditStore(options.db), options.link).start();
  const rtc = new RtcService(service, new Map((options.household.cameras ?? []).map((camera) => [camera.id, camera.source])));
  const doorbell = options.household.doorbell;
  if (doorbell) startDoorbellBridge(options.link, doorbell, options.log);
  const press = options.demo && doorbell ? simulatedDoorbell(options.link, doorbell) : undefined;
  return {
    service,
    rtc,
    routes: camerasRoutes({ cameras: service, doorbell: press }),
    v5Routes: async (app) => {
      await camerasV5Routes({ cameras: service })(app);
      await rtcRoutes({ rtc })(app);
    },
    configRoutes: camerasConfigRoutes({ cameras: service }),
    close: () => {
      rtc.close();
      service.close();
    },
  };
}
