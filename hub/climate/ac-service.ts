import * as v from "valibot";
import { AcStatePayloadSchema, acStateTopic, type AcBody, type AcCommandResult, type AcStatePayload } from "../../src/shared/contract/climate";
import { tasmotaCommandTopic } from "../../src/shared/contract/topics";
import { sendDeviceCommands } from "../broker/commands";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import type { AcUnit, Household } from "../household/schema";
import { irhvacCommand } from "./irhvac";

/** How long after start the hub waits for a retained `ac/<id>` before it announces a unit as unknown (ms). */
export const AC_ANNOUNCE_DELAY_MS = 500;

/**
 * Air conditioning units (spec §3 "AC", §7 `POST /ac/{id}`; issue 10) driven by Tasmota IR blasters:
 * a change becomes `cmnd/<t>/IRHVAC` with the JSON of {@link irhvacCommand} (the unit's last known
 * state plus the change), QoS 1, never retained, sent at once or refused (DESIGN.md §5). The last
 * known state is what the bridge published on `ac/<id>` (the blaster's IRHVAC answer); a unit with
 * none is announced there with nulls, so its tile shows. Never assumes the new state.
 */
export class AcService {
  private readonly units: ReadonlyMap<string, AcUnit>;
  private readonly last = new Map<string, AcStatePayload>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly link: BrokerLink,
    household: Household,
  ) {
    this.units = new Map((household.ac ?? []).map((unit) => [unit.id, unit]));
  }

  /** Follows each unit's `ac/<id>` and announces the ones nothing is known of. Returns this. */
  start(): this {
    for (const unit of this.units.values()) {
      this.link.subscribe(acStateTopic(unit.id), (_topic, payload) => {
        try {
          const parsed = v.safeParse(AcStatePayloadSchema, JSON.parse(payload.toString("utf8")));
          if (parsed.success) this.last.set(unit.id, parsed.output);
        } catch {
          // not JSON: not ours
        }
      });
    }
    this.timer = setTimeout(() => {
      for (const unit of this.units.values()) {
        if (this.last.has(unit.id)) continue;
        const unknown: AcStatePayload = { label: unit.label, room: unit.room, device: unit.device, vendor: unit.vendor, mode: null, targetTemperature: null, power: null, fanSpeed: null, time: new Date().toISOString() };
        this.link.publish(acStateTopic(unit.id), JSON.stringify(unknown), { retain: true, qos: 1 });
      }
    }, AC_ANNOUNCE_DELAY_MS);
    this.timer.unref();
    return this;
  }

  /** Stops the pending announcement. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /**
   * Sends `change` to unit `id` as one IRHVAC command.
   * @throws HubError NOT_FOUND for an unknown unit; DEVICE_UNREACHABLE when the broker cannot take it now.
   */
  async set(id: string, change: AcBody): Promise<AcCommandResult> {
    const unit = this.units.get(id);
    if (!unit) throw new HubError("NOT_FOUND", "no such AC unit");
    const irhvac = irhvacCommand(unit, this.last.get(id) ?? null, change);
    await sendDeviceCommands(this.link, [{ topic: tasmotaCommandTopic(unit.device, "IRHVAC"), payload: JSON.stringify(irhvac) }]);
    return { id, command: "IRHVAC", irhvac, sentAt: new Date().toISOString() };
  }
}
