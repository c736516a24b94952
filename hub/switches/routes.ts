import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { DeviceNameSchema } from "../../contract/sensors";
import {
  SWITCH_CONFIG_ROUTE,
  SWITCH_SET_ROUTE,
  SWITCHES_RELOAD_PATH,
  SwitchConfigBodySchema,
  SwitchSetBodySchema,
  type SwitchAnswer,
  type SwitchesAnswer,
  type SwitchSetAnswer,
} from "../../contract/switches";
import {
  TASMOTA_CONSOLE_ROUTE,
  TasmotaConsoleBodySchema,
  type TasmotaConsoleAnswer,
} from "../../contract/tasmota-console";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import { sessionOf } from "../http/session-guard";
import type { SwitchDefinitions } from "./edits";
import type { TasmotaConsole } from "./console";
import type { SwitchService } from "./service";

/** The switch id of a path, or 404 NOT_FOUND when it cannot be a switch's name. */
function switchId(id: string): string {
  if (!v.is(DeviceNameSchema, id)) throw new HubError("NOT_FOUND", "no such switch");
  return id;
}

/**
 * The switches' routes on the general base (spec §7; docs/contract.md; shapes in
 * contract/switches.ts): `POST /switch/{id}/set` (body `{relay?, state}`, answer
 * `{item:{name, relay, command, state}}`); `GET /config/switches/{id}` and `PATCH
 * /config/switches/{id}` (body `{config:{label?, purpose?}}`), answering `{item: Switch}`; `POST
 * /config/switches/reload` answering `{items: Switch[]}`; `POST /config/switches/{id}/tasmota/cmd`
 * (body `{cmd, pin?}`, answer `{item:{command, topic, response}}`: the device's answer; the
 * session's PIN for a line that needs it, console.ts). An id that is not a device name answers
 * 404 like an unknown one.
 */
export function switchesRoutes({
  switches,
  definitions,
  tasmotaConsole,
}: {
  switches: SwitchService;
  definitions: SwitchDefinitions;
  tasmotaConsole: TasmotaConsole;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(SWITCHES_RELOAD_PATH, async () => ({ items: definitions.list() }) satisfies SwitchesAnswer);

    app.get<{ Params: { id: string } }>(
      SWITCH_CONFIG_ROUTE,
      async (request) => ({ item: definitions.get(switchId(request.params.id)) }) satisfies SwitchAnswer,
    );

    app.patch<{ Params: { id: string } }>(SWITCH_CONFIG_ROUTE, async (request) => {
      const id = switchId(request.params.id);
      const body = parseBody(SwitchConfigBodySchema, request.body);
      return { item: definitions.edit(id, body.config) } satisfies SwitchAnswer;
    });

    app.post<{ Params: { id: string } }>(SWITCH_SET_ROUTE, async (request) => {
      const id = switchId(request.params.id);
      const body = parseBody(SwitchSetBodySchema, request.body);
      return { item: await switches.set(id, body) } satisfies SwitchSetAnswer;
    });

    app.post<{ Params: { id: string } }>(TASMOTA_CONSOLE_ROUTE, async (request) => {
      const id = switchId(request.params.id);
      const body = parseBody(TasmotaConsoleBodySchema, request.body);
      return {
        item: await tasmotaConsole.run(id, body.cmd, { session: sessionOf(request), pin: body.pin }),
      } satisfies TasmotaConsoleAnswer;
    });
  };
}
