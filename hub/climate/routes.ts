import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  AC_ROUTE,
  AcBodySchema,
  HEATER_CONFIG_PATH,
  HEATER_MODE_ROUTE,
  HEATER_MODES,
  HeaterConfigBodySchema,
  HeaterModeSchema,
  type AcCommandAnswer,
  type HeaterConfigAnswer,
} from "../../contract/climate";
import { DeviceNameSchema } from "../../contract/sensors";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { AcService } from "./ac-service";
import type { Heater } from "./heater";

/**
 * The heater's and the AC's routes on the general base (spec §7; docs/contract.md "Heater and air
 * conditioning"; shapes in contract/climate.ts): `GET /heater/config`, `POST
 * /heater/config/{mode}` (no body; 400 naming `mode` for one not in off/on/auto), `PATCH
 * /heater/config` (`{temperature?, sensor?}`), each answering `{item: HeaterConfig}` (404 without
 * a heater; a valve adopted as the heater: 409 DEVICE_UNREACHABLE while it is offline, 400 naming
 * `sensor` for any sensor but its own); `POST /ac/{id}` (`{mode?, targetTemperature?}`) answering `{item: {id, command, irhvac,
 * sentAt}}`, 404 for an unknown unit, 409 DEVICE_UNREACHABLE when the broker is down.
 */
export function climateRoutes({ heater, ac }: { heater: Heater; ac: AcService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(HEATER_CONFIG_PATH, async () => ({ item: heater.getConfig() }) satisfies HeaterConfigAnswer);

    app.patch(HEATER_CONFIG_PATH, async (request) => {
      const body = parseBody(HeaterConfigBodySchema, request.body);
      return { item: await heater.setConfig(body) } satisfies HeaterConfigAnswer;
    });

    app.post<{ Params: { mode: string } }>(HEATER_MODE_ROUTE, async (request) => {
      const mode = v.safeParse(HeaterModeSchema, request.params.mode);
      if (!mode.success) throw new HubError("BAD_REQUEST", `mode: must be one of ${HEATER_MODES.join(", ")}`);
      return { item: await heater.setMode(mode.output) } satisfies HeaterConfigAnswer;
    });

    app.post<{ Params: { id: string } }>(AC_ROUTE, async (request) => {
      if (!v.is(DeviceNameSchema, request.params.id)) throw new HubError("NOT_FOUND", "no such AC unit");
      const body = parseBody(AcBodySchema, request.body);
      return { item: await ac.set(request.params.id, body) } satisfies AcCommandAnswer;
    });
  };
}
