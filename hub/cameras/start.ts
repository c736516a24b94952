import type { FastifyInstance } from "fastify";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Db } from "../core/db";
import type { Household } from "../household/schema";
import { simulatedDoorbell } from "../simulator/doorbell";
import { startDoorbellBridge } from "./doorbell";
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
 * (`camera_edits`), the doorbell bridge when the household has a
 * doorbell, and in demo mode with the simulator the demo-only `POST /demo/doorbell` that presses the
 * simulated doorbell button from the device end and `POST /demo/cameras/{cameraId}/stall` that
 * stalls a simulated camera. `demoCameraFps` (HUB_DEMO_CAMERA_FPS) sets the simulated cameras'
 * frame rate (default 5; the long-run benchmark raises it).
 */
export function startCameras(options: { household: Household; db: Db; link: BrokerLink; log: HubLogger; demo: boolean; demoCameraFps?: number | undefined }): CamerasDomain {
  const service = new CameraService(options.household.cameras ?? [], new CameraEditStore(options.db), options.link, options.demoCameraFps).start();
  const doorbell = options.household.doorbell;
  if (doorbell) startDoorbellBridge(options.link, doorbell, options.log);
  const press = options.demo && doorbell ? simulatedDoorbell(options.link, doorbell) : undefined;
  return {
    service,
    routes: camerasRoutes({ cameras: service, doorbell: press, stall: options.demo ? (id, ms) => service.stall(id, ms) : undefined }),
    v5Routes: camerasV5Routes({ cameras: service }),
    configRoutes: camerasConfigRoutes({ cameras: service }),
    close: () => service.close(),
  };
}
