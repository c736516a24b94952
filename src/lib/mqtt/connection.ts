// mqtt.js's browser ESM build has only a default export, so the named `connect` is read from it.
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { withBrokerDefaults } from "./brokerUrl";
import { holdClientId, type ClientIdLocks } from "./clientIdLock";
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
  /**
   * The MQTT client id to connect with (a panel's command channel on a household Mosquitto); absent =
   * a random one (mqtt.js's). One tab of the browser at a time uses it (clientIdLock.ts); another
   * connects with a random one until the id is free, then reconnects with it.
   */
  clientId?: string;
  /** Web Locks replacement (tests); the context's `navigator.locks` by default. */
  locks?: ClientIdLocks;
};

/** An open live connection. */
export type LiveConnection = { close(): Promise<void> };

/**
 * Opens the live channel (spec §7 "Live channel", §9 broker client constants; DESIGN §3): connects
 * with mqtt.js, subscribes to `#` (QoS 0) on every connect, forwards messages and reports every
 * connection event. A retained copy of a topic that already had a live message on this connection
 * is skipped (retainedGuard.ts). Reconnects by itself every 1000 ms until closed. With `clientId`,
 * connects with it when this tab holds it, else with a random one and again with it once it is free
 * (the first connection is ended then; its events are not reported). This module statically imports
 * mqtt, so load it with `import()` to keep mqtt.js out of the first screen's JavaScript.
 * @throws Error when the topic filter is invalid (spec §5) or, without `clientId`, the URL cannot be
 *   parsed (with one, the connection is opened when the id is held, and such a URL reports "error").
 */
export function connectLive(options: ConnectLiveOptions): LiveConnection {
  const topicFilter = options.topicFilter ?? LIVE_TOPIC_FILTER;
  if (!isValidTopicFilter(topicFilter)) throw new Error(`Invalid MQTT topic filter: ${JSON.stringify(topicFilter)}`);
  const connect = options.connect ?? mqtt.connect;
  const url = withBrokerDefaults(options.url);
  let client: MqttClient | undefined;
  let closed = false;

  const open = (clientId: string | undefined): void => {
    if (closed) return;
    const previous = client;
    const current = connect(url, { ...LIVE_CLIENT_OPTIONS, ...(clientId === undefined ? {} : { clientId }) });
    client = current;
    previous?.end(true);
    const retainedGuard = createRetainedGuard();
    const report = (state: LiveConnectionState) => {
      if (client === current) options.onState(state);
    };
    current.on("connect", () => {
      retainedGuard.reset();
      report("connect");
      current.subscribe(topicFilter, { qos: 0 }, (error) => {
        if (error) console.warn(`live: subscribing to ${topicFilter} failed: ${error.message}`);
      });
    });
    current.on("reconnect", () => report("reconnect"));
    current.on("close", () => report("close"));
    current.on("disconnect", () => report("disconnect"));
    current.on("offline", () => report("offline"));
    current.on("error", () => report("error"));
    current.on("end", () => report("end"));
    current.on("message", (topic, payload, packet) => {
      if (client !== current) return;
      try {
        if (retainedGuard.deliver(topic, packet.retain)) options.onMessage(topic, payload);
      } catch (error) {
        console.error("live: message handler failed", error);
      }
    });
  };

  let release: () => void = () => undefined;
  if (options.clientId === undefined) open(undefined);
  else
    release = holdClientId(
      options.clientId,
      (clientId) => {
        try {
          open(clientId);
        } catch (error) {
          console.error("live: could not connect", error);
          options.onState("error");
        }
      },
      options.locks,
    );

  return {
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        release();
        if (client === undefined) resolve();
        else client.end(true, {}, () => resolve());
      }),
  };
}
