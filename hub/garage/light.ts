import * as v from "valibot";
import { DoorStatePayloadSchema, garageStateTopic } from "../../contract/garage";
import { GarageLightValueSchema } from "../../contract/settingValues";
import type { SwitchSetAnswer, SwitchSetBody } from "../../contract/switches";
import type { BrokerLink, HubLogger } from "../broker/link";

/** The switch command the garage light needs (SwitchService.set). */
export interface SwitchCommander {
  set(name: string, body: SwitchSetBody): Promise<SwitchSetAnswer["item"]>;
}

/**
 * The switch item to turn on for the stored `garageLight` setting ('name' or 'name/relay', docs/contract.md
 * "Setting values"), or null when none is set or the value is unreadable.
 */
export function garageLightTarget(value: unknown): { name: string; relay: number } | null {
  const parsed = v.safeParse(GarageLightValueSchema, value);
  if (!parsed.success || parsed.output === null) return null;
  const [name = "", relay] = parsed.output.split("/");
  return { name, relay: relay === undefined ? 0 : Number(relay) };
}

/**
 * The garage light (setting `garageLight`): when the garage door starts opening (its
 * `garage/garage/state` turns to `opening` from any other state), the hub turns the chosen switch ON
 * through the switch command (`cmnd/<t>/POWER<n>`, never queued). It never turns it off: the
 * household does that (or an automation). A failed command is logged and dropped.
 */
export function startGarageLight(deps: {
  link: BrokerLink;
  switches: SwitchCommander;
  setting: () => unknown;
  log: HubLogger;
}): void {
  let previous: string | null = null;
  deps.link.subscribe(garageStateTopic("garage"), (_topic, payload) => {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString("utf8"));
    } catch {
      return;
    }
    const parsed = v.safeParse(DoorStatePayloadSchema, json);
    if (!parsed.success) return;
    const state = parsed.output.state;
    const started = state === "opening" && previous !== "opening";
    previous = state;
    if (!started) return;
    const target = garageLightTarget(deps.setting());
    if (!target) return;
    deps.switches.set(target.name, { relay: target.relay, state: "ON" }).then(
      () => deps.log.info({ light: target.name, relay: target.relay }, "garage opening: garage light on"),
      (error: unknown) =>
        deps.log.warn({ err: error, light: target.name }, "garage opening: garage light command failed"),
    );
  });
}
