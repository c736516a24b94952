import type { FastifyInstance } from "fastify";
import { DEVICES_PATH, type DevicesAnswer } from "../../contract/devices";
import type { DeviceRegistry } from "./registry";

/** What the devices routes read. */
export interface DevicesRouteDeps {
  registry: DeviceRegistry;
}

/**
 * `GET /devices` on the general bases (docs/contract.md "Devices"): every device of the registry,
 * sorted by id, as `{items: Device[]}` (contract/devices.ts DevicesAnswerSchema). Read-only; any
 * session (the base's guard answers 401 AUTH_NO_SESSION without one).
 */
export function devicesRoutes({ registry }: DevicesRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(DEVICES_PATH, async () => ({ items: registry.list() }) satisfies DevicesAnswer);
  };
}
