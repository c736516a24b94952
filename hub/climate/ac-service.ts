import * as v from "valibot";
import {
  AcStatePayloadSchema,
  acStateTopic,
  type AcBody,
  type AcCommandResult,
  type AcStatePayload,
} from "../../contract/climate";
import { deviceId } from "../../contract/devices";
import { availabilityTopic } from "../../contract/topics";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import type { DeviceCommands } from "../devices/commands";
import type { AcUnit, Household } from "../household/schema";
import { irhvacCommand } from "./irhvac";

/** How long after its blaster is first heard the hub waits for a retained `ac/<id>` before it announces the unit as unknown (ms). */
export const AC_ANNOUNCE_DELAY_MS = 500;

/**
 * Air conditioning units (spec §3 "AC", §7 `POST /ac/{id}`) driven by Tasmota IR blasters:
 * a change becomes `cmnd/<t>/IRHVAC` with the JSON of {@link irhvacCommand} (the unit's last known
 * state plus the change), the source command `IRHVAC` of the blaster's registry device sent through
 * `commands` (devices/commands.ts): QoS 1, never retained, sent at once or refused (DESIGN.md §5). The last
 * known state is what the bridge published on `ac/<id>` (the blaster's IRHVAC answer); a unit with
 * none is announced there with nulls (retained, QoS 0) once its blaster's `availability/<device>` is
 * heard, so its tile shows. Never assumes the new state.
 */
export class AcService {
  private readonly units: ReadonlyMap<string, AcUnit>;
  private readonly last = new Map<string, AcStatePayload>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly link: BrokerLink,
    private readonly commands: DeviceCommands,
    household: Household,
  ) {
    this.units = new Map((household.ac ?? []).map((unit) => [unit.id, unit]));
  }

  /** Follows each unit's `ac/<id>` and its blaster's availability, announcing a unit nothing is known of. Returns this. */
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
    for (const unit of this.units.values()) {
      let heard = false;
      this.link.subscribe(availabilityTopic(unit.device), () => {
        if (heard) return;
        heard = true;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (this.last.has(unit.id)) return;
          const unknown: AcStatePayload = {
            label: unit.label,
            room: unit.room,
            device: unit.device,
            vendor: unit.vendor,
            mode: null,
            targetTemperature: null,
            power: null,
            fanSpeed: null,
            time: new Date().toISOString(),
          };
          this.link.publish(acStateTopic(unit.id), JSON.stringify(unknown), { retain: true, qos: 0 });
        }, AC_ANNOUNCE_DELAY_MS);
        timer.unref();
        this.timers.add(timer);
      });
    }
    return this;
  }

  /** Stops the pending announcements. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Sends `change` to unit `id` as one IRHVAC command.
   * @throws HubError NOT_FOUND for an unknown unit; DEVICE_UNREACHABLE when the blaster is offline or
   *   the broker cannot take it now (nothing is sent).
   */
  async set(id: string, change: AcBody): Promise<AcCommandResult> {
    const unit = this.units.get(id);
    if (!unit) throw new HubError("NOT_FOUND", "no such AC unit");
    const irhvac = irhvacCommand(unit, this.last.get(id) ?? null, change);
    await this.commands.setMany(deviceId("tasmota", unit.device), [
      { source: "tasmota", command: "IRHVAC", value: irhvac },
    ]);
    return { id, command: "IRHVAC", irhvac, sentAt: new Date().toISOString() };
  }
}
