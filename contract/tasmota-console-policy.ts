/**
 * Which Tasmota console commands need the session's PIN again (docs/contract.md "Tasmota console",
 * the allowlist): an allowlist, so a command the list does not name needs the PIN. Without the PIN
 * the console runs reads and the ordinary operating commands only:
 * - `Status` and `Status <n>` (n 0..99); `State`;
 * - the operating commands of {@link TASMOTA_OPERATING_COMMANDS} with any plain argument
 *   (`Power2 ON`, `Dimmer 40`, `ShutterPosition1 30`, `Delay 10` and `NoDelay` between Backlog steps);
 * - `Restart 1` (a restart keeps every setting and the device comes back to the same broker; a
 *   household restarts a stuck plug itself);
 * - a command of {@link TASMOTA_READABLE_COMMANDS} sent without an argument, which Tasmota answers
 *   with its current value (`MqttHost`, `Rule1`, `SetOption19`).
 * Everything else needs the PIN: what changes how the device connects (`MqttHost x`, `Topic x`,
 * `SSId1 x`, `Password1 x`), what it runs (`Rule1 …`, `Template …`, `Module …`, `GPIO…`,
 * `SetOption…`, `Timer…`, `Reset`, `Restart 2`/`9`/`99`) or what it reaches (`WebQuery`, `WebSend`,
 * `Ping`, `Publish`, `Send…`), and any command this list does not know. A Backlog needs the PIN when
 * any of its steps does.
 */
import type { TasmotaConsoleCommand } from "./tasmota-console";

/**
 * Operating commands (lower case, without their index) any plain argument of which is ordinary:
 * relays, lights (dimmer, colour, colour temperature, fade and its speed, white, channels, schemes)
 * and shutters (position, open, close, stop, toggle, tilt), and the Backlog pauses.
 */
export const TASMOTA_OPERATING_COMMANDS: ReadonlySet<string> = new Set([
  "power",
  "dimmer",
  "color",
  "ct",
  "hsbcolor",
  "white",
  "channel",
  "scheme",
  "fade",
  "speed",
  "shutterposition",
  "shutteropen",
  "shutterclose",
  "shutterstop",
  "shuttertoggle",
  "shutterstopopen",
  "shutterstopclose",
  "shutterstoptoggle",
  "shuttertilt",
  "delay",
  "nodelay",
]);

/**
 * Commands (lower case, without their index) that Tasmota answers with their current value when
 * sent without an argument, so the bare command is a read. Credentials (`MqttPassword`,
 * `Password<n>`, `WebPassword`) are not here: Tasmota answers them masked, and the bare command
 * needs the PIN like the rest. Commands that act without an argument (`Restart`, `Reset`,
 * `Upgrade`, `WifiScan`, `SaveData`) are not here either.
 */
export const TASMOTA_READABLE_COMMANDS: ReadonlySet<string> = new Set([
  "status",
  "state",
  // how the device connects
  "mqtthost",
  "mqttport",
  "mqttuser",
  "mqttclient",
  "mqttretry",
  "topic",
  "fulltopic",
  "grouptopic",
  "prefix",
  "hostname",
  "ipaddress",
  "ssid",
  "ap",
  "wifi",
  "wificonfig",
  "webserver",
  // what it runs
  "module",
  "modules",
  "gpio",
  "gpios",
  "template",
  "rule",
  "ruletimer",
  "timer",
  "timers",
  "setoption",
  "var",
  "mem",
  "teleperiod",
  "sleep",
  "interlock",
  "pulsetime",
  "blinktime",
  "blinkcount",
  "poweronstate",
  "powerretain",
  "buttonretain",
  "switchretain",
  "sensorretain",
  "stateretain",
  "switchmode",
  "ledstate",
  "ledpower",
  // names, time and logs
  "friendlyname",
  "devicename",
  "time",
  "timezone",
  "timestd",
  "timedst",
  "latitude",
  "longitude",
  "ntpserver",
  "seriallog",
  "syslog",
  "weblog",
  "mqttlog",
  "loghost",
  "logport",
]);

/**
 * The command's name in lower case without its index, as Tasmota reads it (trailing digits are the
 * index): `Power2` → `power`, `SetOption19` → `setoption`, `Status1` → `status`.
 */
export function tasmotaCommandStem(name: string): string {
  return name.toLowerCase().replace(/\d+$/, "");
}

/**
 * True when one console command needs the session's PIN (see the module's allowlist): false for a
 * `Status [n]`, `State`, an operating command, `Restart 1`, or a readable command without an argument.
 */
export function tasmotaCommandNeedsPin(command: TasmotaConsoleCommand): boolean {
  const stem = tasmotaCommandStem(command.name);
  if (stem === "status") return !(command.arg === "" || /^\d{1,2}$/.test(command.arg));
  if (stem === "restart") return command.arg !== "1";
  if (TASMOTA_OPERATING_COMMANDS.has(stem)) return false;
  return !(command.arg === "" && TASMOTA_READABLE_COMMANDS.has(stem));
}

/** The commands of a parsed console line (its Backlog steps) that need the PIN, as typed; empty when none does. */
export function tasmotaCommandsNeedingPin(steps: readonly TasmotaConsoleCommand[]): string[] {
  return steps.filter(tasmotaCommandNeedsPin).map((step) => step.name);
}
