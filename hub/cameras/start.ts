import type { FastifyInstance } from "fastify";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Db } from "../core/db";
import type { Household } from "../household/schema";
import { simulatedDoorbell } from "../simulator/doorbell";
import { startDoorbellBridge } from "./doorbell";
import { hlsRoutes } from "./hls/routes";
import { HlsService } from "./hls/service";
import { camerasConfigRoutes, camerasRoutes, camerasV5Routes } from "./routes";
import { CameraService } from "./service";
import { CameraEditStore } from "./store";

/** The camera domain as server.ts composes it: the routes of both camera bases and the cleanup. */
export interface CamerasDomain {
  service: CameraService;
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
 * (`camera_edits`), their HLS (`hls/`: the demo clip looped live, go2rtc proxied), the doorbell bridge when the household has a
 * doorbell, and in demo mode with the simulator the demo-only `POST /demo/doorbell` that presses the
 * simulated doorbell button from the device end.
 */
export function startCameras(options: { household: Household; db: Db; link: BrokerLink; log: HubLogger; demo: boolean }): CamerasDomain {
  const service = new CameraService(options.household.cameras ?? [], new CameraEditStore(options.db), options.link).start();
  const doorbell = options.household.doorbell;
  if (doorbell) startDoorbellBridge(options.link, doorbell, options.log);
  const press = options.demo && doorbell ? simulatedDoorbell(options.link, doorbell) : undefined;
  const hls = new HlsService(options.household.cameras ?? [], service);
  return {
    service,
    routes: async (app) => {
      await camerasRoutes({ cameras: service, doorbell: press })(app);
      await hlsRoutes({ hls })(app);
    },
    v5Routes: camerasV5Routes({ cameras: service }),
    configRoutes: camerasConfigRoutes({ cameras: service }),
    close: () => service.close(),
  };
}
