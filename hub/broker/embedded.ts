import { Aedes, type Client } from "aedes";
import { createServer, type Server } from "node:net";
import type { Duplex } from "node:stream";
import type { IncomingMessage } from "node:http";
import { deliverEveryMessage } from "./delivery";
import type { BrokerLink, HubLogger, MessageHandler, PublishOptions } from "./link";

/** The embedded Aedes broker: a BrokerLink for the hub plus entry points for browsers and devices. */
export interface EmbeddedBroker extends BrokerLink {
  /** Hands a browser's WebSocket stream to the broker; its publishes are refused. */
  handleBrowser(stream: Duplex, request: IncomingMessage): Client;
  /** The TCP port devices use, or null when the listener is disabled. */
  readonly tcpPort: number | null;
}

/**
 * Starts Aedes (1.x, in-memory persistence) and, when `tcpPort` is not 0, a TCP listener for
 * devices on `host:tcpPort`. Every client gets every matching message, one copy per matching
 * subscription, as from Mosquitto 2 (delivery.ts). Browser clients (handed in through `handleBrowser`) may subscribe
 * but every publish is refused, which closes their connection (MQTT-3.3.5-2). Rejects if the
 * TCP port cannot be bound.
 */
export async function startEmbeddedBroker(options: { host: string; tcpPort: number; log: HubLogger }): Promise<EmbeddedBroker> {
  const { log } = options;
  const browserStreams = new WeakSet<object>();
  const broker = await Aedes.createBroker({
    // Before CONNACK, so before any subscription: see delivery.ts for why Aedes' dedupe must go.
    preConnect: (client, _packet, callback) => {
      deliverEveryMessage(client);
      callback(null, true);
    },
    authorizePublish: (client, packet, callback) => {
      if (client && browserStreams.has(client.conn)) {
        log.warn({ clientId: client.id, topic: packet.topic }, "refused a publish from a browser client");
        callback(new Error("browser clients may not publish"));
        return;
      }
      if (packet.topic.startsWith("$SYS/")) {
        callback(new Error("$SYS topics are reserved"));
        return;
      }
      callback(null);
    },
  });
  broker.on("clientError", (client, error) => log.debug({ clientId: client.id, err: error.message }, "mqtt client error"));
  broker.on("connectionError", (client, error) => log.debug({ clientId: client.id, err: error.message }, "mqtt connection error"));

  let server: Server | null = null;
  let tcpPort: number | null = null;
  if (options.tcpPort !== 0) {
    const tcp = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", (error: NodeJS.ErrnoException) => {
        broker.close();
        reject(
          error.code === "EADDRINUSE"
            ? new Error(`MQTT TCP port ${options.tcpPort} is already in use (set HUB_MQTT_PORT to another port, or 0 to disable the device listener)`)
            : error,
        );
      });
      tcp.listen(options.tcpPort, options.host, () => {
        tcp.removeAllListeners("error");
        resolve();
      });
    });
    tcp.on("error", (error) => log.error({ err: error }, "mqtt tcp listener error"));
    const address = tcp.address();
    tcpPort = typeof address === "object" && address ? address.port : options.tcpPort;
    server = tcp;
  }

  const handlers: { filter: string; deliver: (packet: { topic: string; payload: Buffer | string }, cb: () => void) => void }[] = [];

  return {
    description: tcpPort === null ? "embedded (WebSocket only)" : `embedded (WebSocket + TCP :${tcpPort})`,
    tcpPort,
    handleBrowser(stream, request) {
      browserStreams.add(stream);
      return broker.handle(stream, request);
    },
    publish(topic: string, payload: string | Buffer, publishOptions: PublishOptions) {
      broker.publish(
        { cmd: "publish", topic, payload: typeof payload === "string" ? Buffer.from(payload) : payload, qos: publishOptions.qos, retain: publishOptions.retain, dup: false },
        (error) => {
          if (error) log.error({ err: error, topic }, "embedded publish failed");
        },
      );
    },
    subscribe(topicFilter: string, handler: MessageHandler) {
      const deliver = (packet: { topic: string; payload: Buffer | string }, cb: () => void) => {
        try {
          handler(packet.topic, typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload);
        } catch (error) {
          log.error({ err: error, topic: packet.topic }, "message handler threw");
        }
        cb();
      };
      handlers.push({ filter: topicFilter, deliver });
      broker.subscribe(topicFilter, deliver, () => undefined);
    },
    async close() {
      for (const { filter, deliver } of handlers) broker.unsubscribe(filter, deliver, () => undefined);
      if (server) {
        const tcp = server;
        await new Promise<void>((resolve) => tcp.close(() => resolve()));
      }
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
