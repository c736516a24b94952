import * as v from "valibot";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CONFIG_PATH, type ConfigAnswer } from "../../contract/config";
import { SENSORS_PATH, type Sensor, type SensorList } from "../../contract/sensors";
import { SWITCHES_PATH, SwitchGroupSchema, type SwitchGroup, type SwitchesAnswer } from "../../contract/switches";
import type { Household } from "../household/schema";
import { isHttps } from "../http/session-guard";
import type { SettingsStore } from "../settings/store";

const HOST_HEADER = /^[A-Za-z0-9.\-:[\]]{1,255}$/;

/**
 * `ws(s)://<host>/mqtt` for the embedded broker (docs/contract.md "GET /config"): the request's
 * Host, or X-Forwarded-Host and X-Forwarded-Proto only from a proxy listed in HUB_TRUST_PROXY
 * (Fastify's `trustProxy`; from anyone else they are ignored, so a forged
 * X-Forwarded-Host cannot hand out another host's `wss://` URL). A host that is not a plain
 * host[:port] becomes `localhost`.
 */
export function mqttUrlFromRequest(request: FastifyRequest): string {
  const candidate = request.host;
  const host = candidate && HOST_HEADER.test(candidate) ? candidate : "localhost";
  return `${isHttps(request) ? "wss" : "ws"}://${host}/mqtt`;
}

/** What the configuration routes read. */
export interface ConfigDeps {
  household: Household;
  /** The switch definitions with their stored edits (switches/edits.ts); absent = the household file's as they are. */
  switches?: { list(): SwitchesAnswer["items"] };
  /** The stored settings (a valid stored `switchesList` replaces the household's groups). */
  settings: Pick<SettingsStore, "get">;
  /** HUB_MQTT_WS_URL when the broker is external; undefined = derive `ws(s)://<host>/mqtt` per request. */
  mqttWsUrl: string | undefined;
  /** The sensors of adopted devices, listed after the household file's (hub/devices/uses/sensors.ts). */
  adoptedSensors?: () => readonly Sensor[];
  /** The switches of adopted devices with their rooms (hub/devices/uses/switches.ts). */
  adoptedSwitches?: () => readonly { name: string; room?: string | undefined }[];
}

/**
 * `groups` with each adopted switch no group names added to the group named as its room (a new group
 * after the others when none is): a plug adopted in 'Kuchnia' shows under 'Kuchnia' on /switches.
 * Switches without a room stay out of the groups (the screen lists them after the groups).
 */
export function withAdoptedSwitches(
  groups: readonly SwitchGroup[],
  adopted: readonly { name: string; room?: string | undefined }[],
): SwitchGroup[] {
  const named = new Set(groups.flatMap((group) => group.items.map((item) => item.split("/")[0])));
  const out = groups.map((group) => ({ name: group.name, items: [...group.items] }));
  for (const item of adopted) {
    if (item.room === undefined || named.has(item.name)) continue;
    named.add(item.name);
    const group = out.find((candidate) => candidate.name === item.room);
    if (group) group.items.push(item.name);
    else out.push({ name: item.room, items: [item.name] });
  }
  return out;
}

/**
 * Configuration routes of the general bases (spec §7 "Configuration", docs/contract.md; shapes in
 * contract/config.ts, switches.ts, sensors.ts): GET /config, GET /config/switches,
 * GET /config/sensors (the household file's sensors, then adopted devices' with a place no household
 * sensor of that kind has). The switches list is the `switchesList` setting when one is stored and
 * valid, else the household's, with adopted switches in their rooms' groups ({@link withAdoptedSwitches}).
 */
export function configRoutes({
  household,
  switches,
  settings,
  mqttWsUrl,
  adoptedSensors,
  adoptedSwitches,
}: ConfigDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(CONFIG_PATH, async (request) => {
      const stored = v.safeParse(v.array(SwitchGroupSchema), settings.get("switchesList"));
      return {
        item: {
          mqttConnectionString: mqttWsUrl ?? mqttUrlFromRequest(request),
          switchesList: withAdoptedSwitches(
            stored.success ? stored.output : household.switchesList,
            adoptedSwitches?.() ?? [],
          ),
        },
      } satisfies ConfigAnswer;
    });

    app.get(
      SWITCHES_PATH,
      async () =>
        ({
          items: switches
            ? switches.list()
            : household.switches.map((s) => ({ name: s.name, label: s.label, purpose: s.purpose })),
        }) satisfies SwitchesAnswer,
    );

    app.get(SENSORS_PATH, async () => {
      const own = new Set(household.sensors.map((sensor) => `${sensor.kind}/${sensor.place}`));
      const adopted = (adoptedSensors?.() ?? []).filter((sensor) => !own.has(`${sensor.kind}/${sensor.place}`));
      return { items: [...household.sensors, ...adopted] } satisfies SensorList;
    });
  };
}
