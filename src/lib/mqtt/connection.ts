// mqtt.js's browser ESM build has only a default export, so the named `connect` is read from it.
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { withBrokerDefaults } from "./brokerUrl";
import { createRetainedGuard } from "./retainedGuard";
import type { LiveConnectionState } from "../../shared/liveConnection";
import { isValidTopicFilter } from "./topic";

export type { LiveConnectionState } from "../../shared/liveConnection";

/** The topic filter the dashboard subscribes to: everything it may read (spec §7). */
export const LIVE_TOPIC_FILTER = "#";

/** Broker client settings (spec §9 "Broker client"). */
export const LIVE_CLIENT_OPTIONS = {
  keepalive: 60,
  reconnectPeriod: 1000,
  connectTimeout: 30_000,
  protocolVersion: 4,
  clean: true,
  // No offline queueing: the dashboard never publishes, and must not replay anything later.
  queueQoSZero: false,
  // We subscribe on every connect ourselves (clean session), so mqtt.js must not do it twice.
  resubscribe: false,
} as const satisfies IClientOptions;

/** Options of {@link connectLive}. */
export type ConnectLiveOptions = {
  /**
   * Broker URL, config's `mqttConnectionString`: `ws://host:8080/mqtt`, `wss://…`, or `mqtts://host`
   * (secure port 8883 by default, see {@link withBrokerDefaults}).
   */
  url: string;
  /** Every message received (topic name, raw payload); must not throw. */
  onMessage: (topic: string, payload: Uint8Array) => void;
  /** Every connection event, as the new state. */
  onState: (state: LiveConnectionState) => void;
  /** mqtt.connect replacement (tests). */
  connect?: (url: string, options: IClientOptions) => MqttClient;
  /** Topic filter to subscribe to; `#` by default. */
  topicFilter?: string;
};

/** An open live connection. */
export type LiveConnection = { close(): Promise<void> };

/**
 * Opens the live channel (spec §7 "Live channel", §9 broker client constants; DESIGN §3): connects
 * with mqtt.js, subscribes to `#` (QoS 0) on every connect, forwards messages and reports every
 * connection event. A retained copy of a topic that already had a live message on this connection
 * is skipped (retainedGuard.ts). Reconnects by itself every 1000 ms until closed. This module statically imports
 * mqtt, so load it with `import()` to keep mqtt.js out of the first screen's JavaScript.
 * @throws Error when the topic filter is invalid (spec §5) or the URL cannot be parsed.
 */
export function connectLive(options: ConnectLiveOptions): LiveConnection {
  const topicFilter = options.topicFilter ?? LIVE_TOPIC_FILTER;
  if (!isValidTopicFilter(topicFilter)) throw new Error(`Invalid MQTT topic filter: ${JSON.stringify(topicFilter)}`);
  const connect = options.connect ?? mqtt.connect;
  const client = connect(withBrokerDefaults(options.url), { ...LIVE_CLIENT_OPTIONS });
  const retainedGuard = createRetainedGuard();

  client.on("connect", () => {
    retainedGuard.reset();
    options.onState("connect");
    client.subscribe(topicFilter, { qos: 0 }, (error) => {
      if (error) console.warn(`live: subscribing to ${topicFilter} failed: ${error.message}`);
    });
  });
  client.on("reconnect", () => options.onState("reconnect"));
  client.on("close", () => options.onState("close"));
  client.on("disconnect", () => options.onState("disconnect"));
  client.on("offline", () => options.onState("offline"));
  client.on("error", () => options.onState("error"));
  client.on("end", () => options.onState("end"));
  client.on("message", (topic, payload, packet) => {
    try {
      if (retainedGuard.deliver(topic, packet.retain)) options.onMessage(topic, payload);
    } catch (error) {
      console.error("live: message handler failed", error);
    }
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        client.end(true, {}, () => resolve());
      }),
  };
}
