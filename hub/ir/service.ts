import {
  MAX_IR_BUTTONS,
  irFeaturesTopic,
  irStateTopic,
  type IrCode,
  type IrFeatures,
  type IrSendBody,
  type IrState,
} from "../../contract/ir";
import { deviceId } from "../../contract/devices";
import { TASMOTA_TELE } from "../../contract/topics";
import { DeviceRouter } from "../bridge/router";
import type { BrokerLink, HubLogger } from "../broker/link";
import { HubError } from "../core/errors";
import type { DeviceCommands } from "../devices/commands";
import type { IrBlaster } from "../household/schema";
import { irReceivedCode, irSendPayload } from "./codes";
import type { IrStore } from "./store";

/**
 * Infrared remotes (spec §7 `POST /ir/send`, `/ir/learn`, `/ir/code`): the household's IR
 * blasters (Tasmota with IR transmitter and receiver). Publishes `features/ir/<device>` (label, room)
 * and `ir/<device>` (buttons, learning mode, the code received while learning), retained; reads
 * `IrReceived` from `tele/<t>/RESULT` while learning; sends `cmnd/<t>/IRSend` as the source command
 * `IRSend` of the blaster's registry device through `commands` (devices/commands.ts: QoS 1, never
 * retained, never queued; 409 DEVICE_UNREACHABLE when the blaster is LWT Offline or the broker down).
 */
export class IrService {
  private readonly blasters: ReadonlyMap<string, IrBlaster>;
  private readonly learning = new Set<string>();
  private readonly received = new Map<string, IrState["received"]>();

  constructor(
    blasters: readonly IrBlaster[],
    private readonly link: BrokerLink,
    private readonly commands: DeviceCommands,
    private readonly store: IrStore,
    private readonly log: HubLogger,
  ) {
    this.blasters = new Map(blasters.map((blaster) => [blaster.device, blaster]));
  }

  /**
   * Publishes every blaster's features and state and follows `tele/<t>/RESULT` for `IrReceived`
   * through `router` (the hub's device router; absent = one of its own on the link).
   */
  start(router: DeviceRouter = new DeviceRouter(this.link, this.log, { tasmota: [`${TASMOTA_TELE}/+/RESULT`] })): this {
    for (const blaster of this.blasters.values()) {
      const features: IrFeatures = {
        label: blaster.label,
        ...(blaster.room !== undefined ? { room: blaster.room } : {}),
      };
      this.link.publish(irFeaturesTopic(blaster.device), JSON.stringify(features), { retain: true, qos: 0 });
      this.publishState(blaster.device);
    }
    if (this.blasters.size > 0) {
      router.on({ source: "tasmota", kinds: ["tele/RESULT"] }, (event) => {
        try {
          this.onResult(event.device, event.raw);
        } catch (error) {
          this.log.error({ err: error }, "ir failed on a device message");
        }
      });
    }
    return this;
  }

  /**
   * The state published on `ir/<device>` now: the first {@link MAX_IR_BUTTONS} buttons (a blaster
   * never holds more, so the payload stays within the live channel's 64 KiB).
   */
  state(device: string): IrState {
    return {
      learning: this.learning.has(device),
      codes: this.store.list(device).slice(0, MAX_IR_BUTTONS),
      received: this.received.get(device) ?? null,
    };
  }

  /**
   * Learning mode of `device` on or off; turning it on forgets the code received before.
   * @throws HubError NOT_FOUND for a device that is not an IR blaster of the household
   */
  learn(device: string, enable: boolean): boolean {
    this.blaster(device);
    if (enable) this.learning.add(device);
    else this.learning.delete(device);
    this.received.delete(device);
    this.publishState(device);
    return enable;
  }

  /**
   * Saves `code` as button `name` of `device` (replacing one of that name).
   * @throws HubError NOT_FOUND (no such blaster); LIMIT_REACHED `{limit}` naming `name` when `name` is new
   *   and the blaster has {@link MAX_IR_BUTTONS} buttons already (nothing is saved)
   */
  save(device: string, name: string, code: IrCode): void {
    this.blaster(device);
    const buttons = this.store.list(device);
    if (buttons.length >= MAX_IR_BUTTONS && !buttons.some((button) => button.name === name)) {
      throw new HubError(
        "LIMIT_REACHED",
        `name: at most ${String(MAX_IR_BUTTONS)} buttons per IR blaster; save under an existing button's name to replace it`,
        { limit: MAX_IR_BUTTONS },
      );
    }
    this.store.save(device, name, code);
    this.publishState(device);
  }

  /**
   * Sends `code` (a saved button's name, or the code itself) as `cmnd/<t>/IRSend` (the source command `IRSend`).
   * @returns the code sent
   * @throws HubError NOT_FOUND (no such blaster, or no button of that name; nothing is sent);
   *   DEVICE_UNREACHABLE (blaster offline or broker down; nothing is sent)
   */
  async send(device: string, code: IrSendBody["code"]): Promise<IrCode> {
    this.blaster(device);
    const resolved = typeof code === "string" ? this.store.get(device, code) : code;
    if (resolved === undefined) throw new HubError("NOT_FOUND", "code: no button of that name on this device");
    await this.commands.setMany(deviceId("tasmota", device), [
      { source: "tasmota", command: "IRSend", value: irSendPayload(resolved) },
    ]);
    return resolved;
  }

  private blaster(device: string): IrBlaster {
    const blaster = this.blasters.get(device);
    if (!blaster) throw new HubError("NOT_FOUND", "no such IR device");
    return blaster;
  }

  private onResult(device: string, payload: Buffer): void {
    if (!this.learning.has(device)) return;
    const code = irReceivedCode(payload);
    if (!code) return;
    this.received.set(device, { code, time: new Date().toISOString() });
    this.publishState(device);
  }

  private publishState(device: string): void {
    this.link.publish(irStateTopic(device), JSON.stringify(this.state(device)), { retain: true, qos: 0 });
  }
}
