import type { FastifyInstance } from "fastify";
import {
  AdoptionSchema,
  CapabilitySetBodySchema,
  type ListedDevice,
  type ListedDevicesAnswer,
} from "../../contract/adoption";
import { DEVICES_PATH } from "../../contract/devices";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import { checkUnique, checkUse } from "./adoption/check";
import type { AdoptionStore } from "./adoption/store";
import type { DeviceCommands } from "./commands";
import type { DeviceRegistry } from "./registry";

/** What the devices routes read and write. */
export interface DevicesRouteDeps {
  registry: DeviceRegistry;
  adoptions: AdoptionStore;
  commands: DeviceCommands;
  /** The names of the household file's switches (an adopted switch may not take one). */
  fileSwitches?: ReadonlySet<string>;
}

/** The routes' paths with the device id as a parameter (contract/adoption.ts adoptionPath, seenPath, capabilitySetPath). */
const ADOPTION_ROUTE = `${DEVICES_PATH}/:id/adoption`;
const SEEN_ROUTE = `${DEVICES_PATH}/:id/seen`;
const SET_ROUTE = `${DEVICES_PATH}/:id/set`;

/**
 * The devices routes on the general bases (docs/contract.md "Devices: adoption"; shapes in
 * contract/adoption.ts), each needing an unlocked session (the base's guard: 401 AUTH_NO_SESSION,
 * 403 AUTH_SESSION_LOCKED):
 * - `GET /devices`: every device of the registry, sorted by id, with `firstSeen`, `seen` and
 *   `adoption` (`{items: ListedDevice[]}`);
 * - `PUT /devices/{id}/adoption`: body an Adoption; answer `{item: ListedDevice}`. 404 NOT_FOUND for
 *   a device the registry does not list; 400 BAD_REQUEST naming the field for a bad body, a `use`
 *   the device cannot take (adoption/check.ts checkUse), or a place another adoption holds
 *   (checkUnique: a switch name, a sensor's kind and place, the garage, the gate, the heater);
 * - `DELETE /devices/{id}/adoption`: removes it (204; 404 when the device is neither listed nor adopted);
 * - `POST /devices/{id}/seen`: marks it looked at (204; 404 when not listed);
 * - `POST /devices/{id}/set`: body `{property, endpoint?, value}` through the command path
 *   (commands.ts DeviceCommands.set); 202 `{item: {topic, payload}}`; NOT_FOUND, BAD_REQUEST,
 *   NOT_SUPPORTED, DEVICE_UNREACHABLE (nothing sent) as it throws.
 */
export function devicesRoutes({ registry, adoptions, commands, fileSwitches }: DevicesRouteDeps) {
  const deviceOf = (id: string) => {
    const device = registry.get(id);
    if (!device) throw new HubError("NOT_FOUND", "no such device");
    return device;
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.get(DEVICES_PATH, async () => ({ items: adoptions.list() }) satisfies ListedDevicesAnswer);

    app.put<{ Params: { id: string } }>(ADOPTION_ROUTE, async (request) => {
      const device = deviceOf(request.params.id);
      const adoption = parseBody(AdoptionSchema, request.body);
      if (adoption.use) checkUse(device, adoption.use);
      checkUnique(device.id, adoption, adoptions.all(), fileSwitches);
      adoptions.put(device.id, adoption);
      return { item: adoptions.listed(device) } satisfies { item: ListedDevice };
    });

    app.delete<{ Params: { id: string } }>(ADOPTION_ROUTE, async (request, reply) => {
      const { id } = request.params;
      if (!adoptions.remove(id) && !registry.get(id)) throw new HubError("NOT_FOUND", "no such device");
      return reply.code(204).send();
    });

    app.post<{ Params: { id: string } }>(SEEN_ROUTE, async (request, reply) => {
      if (!adoptions.markSeen(request.params.id)) throw new HubError("NOT_FOUND", "no such device");
      return reply.code(204).send();
    });

    app.post<{ Params: { id: string } }>(SET_ROUTE, async (request, reply) => {
      const device = deviceOf(request.params.id);
      const body = parseBody(CapabilitySetBodySchema, request.body);
      const command = await commands.set(device.id, { property: body.property, endpoint: body.endpoint }, body.value);
      return reply.code(202).send({ item: command });
    });
  };
}
