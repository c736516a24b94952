import {
  parseTasmotaConsoleLine,
  TASMOTA_CONSOLE_TIMEOUT_MS,
  type PinRequiredError,
  type TasmotaConsoleAnswer,
} from "../../contract/tasmota-console";
import { deviceId } from "../../contract/devices";
import { tasmotaCommandsNeedingPin } from "../../contract/tasmota-console-policy";
import { TASMOTA_STAT } from "../../contract/topics";
import { MAX_PAYLOAD_BYTES, parseJsonObject } from "../bridge/guards";
import { DeviceRouter } from "../bridge/router";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import type { SessionRow } from "../auth/session-store";
import type { DeviceCommands } from "../devices/commands";
import type { Switch } from "../household/schema";
import { auditFields, type ConsoleLog } from "./console-audit";

/** Checks the PIN of an unlocked session (AuthService.confirmPin): resolves when right, throws its HubError otherwise. */
export type PinConfirmer = { confirmPin(session: SessionRow, pin: number): Promise<void> };

/** Who runs a console line: the request's session and the PIN it sent, if any. */
export type ConsoleCaller = { session: SessionRow; pin?: number | undefined };

/** A device's answer as the console returns it: its topic and its JSON object (`{"text": ...}` when not JSON, `""` over the size cap). */
type Answer = { topic: string; response: Record<string, unknown> };

/** A command waiting for its answer: which `stat/<t>/<suffix>` answers it, and where the answer goes. */
type Waiter = { accepts: (suffix: string) => boolean; resolve: (answer: Answer) => void };

/** The console's reading of a device answer, made while the device router hands it out (one shared JSON parse). */
function readAnswer(topic: string, payload: Buffer): Answer {
  if (payload.length > MAX_PAYLOAD_BYTES) return { topic, response: { text: "" } };
  return { topic, response: parseJsonObject(payload) ?? { text: payload.toString("utf8") } };
}

/**
 * Which `stat/<t>/<suffix>` answers a console command, as Tasmota publishes it: `Status [n]` on
 * `STATUS` / `STATUS<n>` (`Status 0` on `STATUS0`), every other command on `RESULT`.
 */
export function answersCommand(name: string, suffix: string): boolean {
  return name.toLowerCase() === "status" ? /^STATUS\d{0,2}$/.test(suffix) : suffix === "RESULT";
}

/**
 * The per-switch Tasmota console (spec §7 `POST /config/switches/{id}/tasmota/cmd`;
 * docs/contract.md "Tasmota console"): sends one checked command line (contract
 * `parseTasmotaConsoleLine`) to the switch's device as `cmnd/<t>/<Command>` with the argument as
 * payload (QoS 1, never retained, never queued) and waits at most `timeoutMs` for the device's answer
 * on `stat/<t>/RESULT` (or `STATUS<n>` for `Status`). It is sent as the source command `Console` of the
 * device through `commands` (devices/commands.ts DeviceCommands.exchange, which refuses an offline
 * device and holds one command per device at a time: DEVICE_BUSY). A line the
 * allowlist does not let through (contract tasmota-console-policy.ts) is sent only with the session's
 * right PIN (`pins`, counted with the unlock attempts), and is logged at info with who, where and
 * what (console-audit.ts); a wrong PIN is logged at warn.
 */
export class TasmotaConsole {
  private readonly byName: ReadonlyMap<string, Switch>;
  private readonly waiting = new Map<string, Waiter>();

  constructor(
    switches: readonly Switch[],
    private readonly link: BrokerLink,
    private readonly commands: DeviceCommands,
    private readonly pins: PinConfirmer,
    private readonly log: ConsoleLog,
    private readonly timeoutMs: number = TASMOTA_CONSOLE_TIMEOUT_MS,
  ) {
    this.byName = new Map(switches.map((item) => [item.name, item]));
  }

  /**
   * Follows the devices' `stat/<t>/<suffix>` answers through `router` (absent = a router of its own
   * on the link), raw: an answer over the size cap still ends the wait, as an empty text.
   */
  start(router: DeviceRouter = new DeviceRouter(this.link, undefined, { tasmota: [`${TASMOTA_STAT}/+/+`] })): this {
    router.onRaw("tasmota", (topic, payload) => {
      const parts = topic.split("/");
      const [prefix, device, suffix] = parts;
      if (parts.length !== 3 || prefix !== "stat" || device === undefined || suffix === undefined) return;
      const waiter = this.waiting.get(device);
      if (!waiter || !waiter.accepts(suffix)) return;
      this.waiting.delete(device);
      waiter.resolve(readAnswer(topic, payload));
    });
    return this;
  }

  /**
   * Runs console line `cmd` on switch `name`'s device for `caller`. A line that needs the PIN is
   * checked against `caller.pin` before anything else happens to it; the PIN of a line that does not
   * need it is ignored (not checked, not counted).
   * @returns the command, the answering topic and the device's JSON answer (`{"text": ...}` when not JSON)
   * @throws HubError NOT_FOUND (unknown switch); BAD_REQUEST naming `cmd` (not one Tasmota command with a
   *   plain argument or a Backlog of them; nothing is sent); PIN_REQUIRED with `commands` (the line
   *   needs the PIN and came without it; nothing is sent, nothing is counted); AUTH_BAD_PIN,
   *   AUTH_PIN_DELAY, AUTH_SESSION_REVOKED (AuthService.confirmPin; nothing is sent);
   *   DEVICE_UNREACHABLE (LWT Offline or broker down; nothing is sent); DEVICE_BUSY (a command of
   *   this device still waits); DEVICE_NO_ANSWER (no answer within the timeout)
   */
  async run(name: string, cmd: string, caller: ConsoleCaller): Promise<TasmotaConsoleAnswer["item"]> {
    const item = this.byName.get(name);
    if (item === undefined) throw new HubError("NOT_FOUND", "no such switch");
    const parsed = parseTasmotaConsoleLine(cmd);
    if (!parsed.ok) throw new HubError("BAD_REQUEST", `cmd: ${parsed.reason}`);
    const { name: command, arg } = parsed.command;
    const device = item.device;
    const privileged = tasmotaCommandsNeedingPin(parsed.steps);
    const audit =
      privileged.length > 0 ? auditFields(caller.session, { switch: name, device }, parsed, privileged) : undefined;
    if (audit !== undefined) {
      if (caller.pin === undefined) {
        throw new HubError(
          "PIN_REQUIRED",
          "this command changes how the device connects, what it runs or what it reaches: send it again with the session's PIN",
          { commands: privileged } satisfies PinRequiredError,
        );
      }
      try {
        await this.pins.confirmPin(caller.session, caller.pin);
      } catch (error) {
        this.log.warn(
          { ...audit, error: error instanceof HubError ? error.code : "INTERNAL" },
          "tasmota console: a command that needs the PIN was refused: the PIN was not accepted",
        );
        throw error;
      }
    }
    let timer: NodeJS.Timeout | undefined;
    let mine: Waiter | undefined;
    try {
      const got = await this.commands.exchange(
        deviceId("tasmota", device),
        [{ source: "tasmota", command: "Console", name: command, arg }],
        () =>
          new Promise<Answer | null>((resolve) => {
            mine = { accepts: (suffix) => answersCommand(command, suffix), resolve };
            this.waiting.set(device, mine);
            timer = setTimeout(() => resolve(null), this.timeoutMs);
          }),
        () => {
          if (audit !== undefined)
            this.log.info(audit, "tasmota console: sent a command that needs the PIN, with the right PIN");
        },
      );
      if (got === null)
        throw new HubError("DEVICE_NO_ANSWER", `the device did not answer within ${this.timeoutMs / 1000} s`);
      return { command: arg === "" ? command : `${command} ${arg}`, topic: got.topic, response: got.response };
    } finally {
      clearTimeout(timer);
      // A refused exchange (DEVICE_BUSY) never set a waiter: the one waiting is another command's.
      if (mine !== undefined && this.waiting.get(device) === mine) this.waiting.delete(device);
    }
  }
}
