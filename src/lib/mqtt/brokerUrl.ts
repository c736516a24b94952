/** Port of MQTT over TLS when a secure connection string names none (spec §7 "Live channel"). */
export const MQTT_SECURE_PORT = 8883;
/** Host when a connection string names none (spec §9 "Broker client": host default localhost). */
export const MQTT_DEFAULT_HOST = "localhost";

/**
 * Config's `mqttConnectionString` (spec §7) with the spec's defaults filled in: `mqtts://host` with
 * no port gets the secure port 8883 (spec §7), and an `mqtt://` or `mqtts://` string with no host gets
 * `localhost` (spec §9). mqtt.js opens `mqtts` as secure WebSocket in a browser, so `mqtts://host`
 * connects to `wss://host:8883`. `ws://` and `wss://` are left as they are: without a port they use
 * the WebSocket defaults, 80 and 443. So is anything else (a relative path such as `/mqtt`).
 */
export function withBrokerDefaults(connectionString: string): string {
  const match = /^(mqtts?):\/\/([^/?#]*)(.*)$/i.exec(connectionString.trim());
  if (match === null) return connectionString;
  const [, scheme = "", authority = "", rest = ""] = match;
  const at = authority.lastIndexOf("@");
  const userInfo = at === -1 ? "" : authority.slice(0, at + 1);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  const portMatch = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  const host = portMatch?.[1] || MQTT_DEFAULT_HOST;
  const givenPort = portMatch?.[2] ?? "";
  const secure = scheme.toLowerCase() === "mqtts";
  const port = givenPort !== "" ? `:${givenPort}` : secure ? `:${MQTT_SECURE_PORT}` : "";
  return `${scheme}://${userInfo}${host}${port}${rest}`;
}
