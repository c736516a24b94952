import type { SwitchSetAnswer, SwitchSetBody } from "../../contract/switches";
import { deviceId } from "../../contract/devices";
import { HubError } from "../core/errors";
import type { DeviceCommands } from "../devices/commands";
import type { AdoptedSwitch } from "../devices/uses/switches";
import type { Switch } from "../household/schema";
import { relayCommands, switchBinding } from "./relays";

/**
 * Switch commands (spec §3, §7 `POST switch/{id}/set`; docs/contract.md): turns a validated body into
 * a command through the relay's capability (devices/commands.ts: the `state` whose property is
 * `POWER<n>` on the switch's Tasmota device), which is `cmnd/<device>/POWER<n>` with the plain
 * payload `ON`/`OFF`/`TOGGLE`, QoS 1, never retained, sent at once through the availability-guarded
 * link or refused (DESIGN.md §5: never queued or replayed). The relay and device come from the
 * switch's binding (relays.ts), the same one its shown state follows; the household's switch relays
 * are in the device registry from the start (devices/household.ts).
 * The new state is not answered: the device confirms it on `stat/` (the bridge makes it `power/`).
 * A device adopted as a switch (`adopted`, read at each call; a household switch of the same name
 * comes first) takes relay 0 only and is set through its `state` capability on its endpoint
 * (Zigbee2MQTT `zigbee2mqtt/<name>/set {"state":"ON"}`), answered as command `POWER`; its device
 * confirms on its state, published as `power/<name>/POWER` (devices/uses/switches.ts).
 */
export class SwitchService {
  private readonly byName: ReadonlyMap<string, Switch>;

  constructor(
    switches: readonly Switch[],
    private readonly devices: DeviceCommands,
    private readonly adopted: () => readonly AdoptedSwitch[] = () => [],
  ) {
    this.byName = new Map(switches.map((item) => [item.name, item]));
  }

  /**
   * Sends `body.state` to relay `body.relay` of switch `name`.
   * @throws HubError NOT_FOUND for an unknown switch, BAD_REQUEST naming `relay` for a relay the
   *   device does not have (nothing is sent), DEVICE_UNREACHABLE when the broker cannot take it now.
   */
  async set(name: string, body: SwitchSetBody): Promise<SwitchSetAnswer["item"]> {
    const item = this.byName.get(name);
    if (item === undefined) return this.setAdopted(name, body);
    const binding = switchBinding(item);
    const commands = relayCommands(binding);
    const command = commands.get(body.relay);
    if (command === undefined) {
      throw new HubError("BAD_REQUEST", `relay: must be one of ${[...commands.keys()].join(", ")} for this switch`);
    }
    await this.devices.set(deviceId("tasmota", binding.device), { property: command }, body.state);
    return { name: item.name, relay: body.relay, command, state: body.state };
  }

  /** {@link set} for an adopted switch. */
  private async setAdopted(name: string, body: SwitchSetBody): Promise<SwitchSetAnswer["item"]> {
    const item = this.adopted().find((candidate) => candidate.name === name);
    if (item === undefined) throw new HubError("NOT_FOUND", "no such switch");
    if (body.relay !== 0) throw new HubError("BAD_REQUEST", "relay: must be one of 0 for this switch");
    await this.devices.set(item.device, { property: "state", endpoint: item.endpoint }, body.state);
    return { name: item.name, relay: 0, command: "POWER", state: body.state };
  }
}
