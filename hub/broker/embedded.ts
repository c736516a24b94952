import { Aedes, type Client } from "aedes";
import { createServer, type Server, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { IncomingMessage } from "node:http";
import type { MqttUserStore } from "./mqtt-users";
import { deliverEveryMessage } from "./delivery";
import { DeviceAccessControl, dropPublish, REFUSED_TOPIC } from "./device-access";
import { DEFAULT_BROKER_LIMITS, guardPacketSize, LimitKeeper, SubscriptionCounter, type BrokerLimits, type LimitStats } from "./limits";
import { BrokerLinkDownError, type BrokerLink, type HubLogger, type MessageHandler, type PublishOptions } from "./link";

/** The embedded Aedes broker: a BrokerLink for the hub plus entry points for browsers and devices. */
export interface EmbeddedBroker extends BrokerLink {
  /**
   * Hands a browser's WebSocket stream to the broker, admitted by session `sessionId` (its client
   * id must look like a browser's and may not take over another owner's; device-access.ts); it
   * receives only the dashboard's namespace and its publishes are refused.
   */
  handleBrowser(stream: Duplex, request: IncomingMessage, sessionId: number): Client;
  /** The TCP port devices use, or null when the listener is disabled. */
  readonly tcpPort: number | null;
  /** Messages and subscriptions refused by the limits, by reason (limits.ts). */
  readonly limitStats: LimitStats;
}

/**
 * Starts Aedes (1.x, in-memory persistence) and, when `tcpPort` is not 0, a TCP listener for
 * devices on `host:tcpPort`. Every client gets every matching message, one copy per matching
 * subscription, as from Mosquitto 2 (delivery.ts). Devices log in with an MQTT user of `users`
 * (or anonymously with `allowAnonymous`) and are held to their ACL; browser clients (handed in
 * through `handleBrowser`) may subscribe but every publish is refused, which closes their
 * connection (MQTT-3.3.5-2): device-access.ts and acl.ts (issue 7, item 2). Resource limits
 * (payload and packet size, retained topics per client and in all, subscriptions per client;
 * limits.ts, issue 7 item 3) apply to every client: a publish over a limit is acknowledged and
 * dropped like one outside the ACL, a subscription over the limit gets SUBACK 0x80, a packet over
 * the packet cap closes its connection before it is buffered. Rejects if the TCP port cannot be bound.
 */
export async function startEmbeddedBroker(options: { host: string; tcpPort: number; log: HubLogger; users: MqttUserStore; allowAnonymous: boolean; limits?: BrokerLimits }): Promise<EmbeddedBroker> {
  const { log } = options;
  const access = new DeviceAccessControl({ users: options.users, allowAnonymous: options.allowAnonymous, log });
  const limits = new LimitKeeper(options.limits ?? DEFAULT_BROKER_LIMITS, (clientId, reason) =>
    log.warn({ clientId: clientId.slice(0, 100), reason }, "mqtt limit reached: dropped (logged once per client and reason)"),
  );
  const subscriptions = new SubscriptionCounter();
  /** Hands a connection to Aedes with the packet-size guard in place before any byte is read. */
  const handle = (stream: Duplex, request?: IncomingMessage): Client => {
    const client = request ? broker.handle(stream, request) : broker.handle(stream);
    guardPacketSize(client, limits.limits.maxPacketBytes, () => limits.packetTooLarge(client.id ?? "(connecting)"));
    return client;
  };
  const broker = await Aedes.createBroker({
    // Before CONNACK, so before any subscription: see delivery.ts for why Aedes' dedupe must go.
    preConnect: (client, _packet, callback) => {
      deliverEveryMessage(client);
      callback(null, true);
    },
    // Who may connect, publish, subscribe and receive what: device-access.ts, acl.ts.
    authenticate: access.hooks.authenticate,
    authorizePublish: (client, packet, callback) =>
      access.hooks.authorizePublish(client, packet, (error) => {
        if (error || !client || packet.topic === REFUSED_TOPIC) return callback(error);
        const payloadBytes = typeof packet.payload === "string" ? Buffer.byteLength(packet.payload) : packet.payload.length;
        if (limits.checkPublish(client.id, { topic: packet.topic, retain: packet.retain, payloadBytes }) !== null) dropPublish(packet);
        callback(null);
      }),
    authorizeSubscribe: (client, subscription, callback) => {
      const { count, alreadyHeld } = subscriptions.held(client, subscription.topic);
      if (limits.checkSubscribe(client.id, count, alreadyHeld) !== null) return callback(null, null);
      access.hooks.authorizeSubscribe(client, subscription, (error, granted) => {
        if (!error && granted) subscriptions.granted(client, subscription.topic);
        callback(error, granted);
      });
    },
    authorizeForward: access.hooks.authorizeForward,
  });
  broker.on("clientDisconnect", (client) => access.forget(client));
  broker.on("clientError", (client, error) => log.debug({ clientId: client.id, err: error.message }, "mqtt client error"));
  broker.on("connectionError", (client, error) => log.debug({ clientId: client.id, err: error.message }, "mqtt connection error"));

  let server: Server | null = null;
  let tcpPort: number | null = null;
  /** Open device sockets: closing the hub ends them rather than waiting for each device to hang up. */
  const sockets = new Set<Socket>();
  if (options.tcpPort !== 0) {
    const tcp = createServer((socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", (error: NodeJS.ErrnoException) => {
        access.close();
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
    if (options.allowAnonymous) {
      log.warn({ port: tcpPort }, "HUB_MQTT_ALLOW_ANONYMOUS=1: anyone who reaches this TCP port may publish any device's readings and read every device command (the dashboard's topics stay the hub's)");
    } else if (options.users.count() === 0) {
      log.info({ port: tcpPort }, "no MQTT device users yet: devices cannot log in until you add one (npm run hub -- mqtt add <name> --kind tasmota --password-stdin)");
    }
  }

  const handlers: { filter: string; deliver: (packet: { topic: string; payload: Buffer | string }, cb: () => void) => void }[] = [];

  return {
    description: tcpPort === null ? "embedded (WebSocket only)" : `embedded (WebSocket + TCP :${tcpPort})`,
    tcpPort,
    limitStats: limits.stats,
    handleBrowser(stream, request, sessionId) {
      access.markBrowser(stream, sessionId);
      return handle(stream, request);
    },
    publish(topic: string, payload: string | Buffer, publishOptions: PublishOptions) {
      if (publishOptions.retain) limits.hubRetained(topic);
      broker.publish(
        { cmd: "publish", topic, payload: typeof payload === "string" ? Buffer.from(payload) : payload, qos: publishOptions.qos, retain: publishOptions.retain, dup: false },
        (error) => {
          if (error) log.error({ err: error, topic }, "embedded publish failed");
        },
      );
    },
    publishCommand(topic: string, payload: string) {
      return new Promise<void>((resolve, reject) => {
        if (broker.closed) return reject(new BrokerLinkDownError("the embedded broker is closed"));
        broker.publish({ cmd: "publish", topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => {
          if (error) reject(new BrokerLinkDownError(`embedded publish failed: ${error.message}`));
          else resolve();
        });
      });
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
      access.close();
      for (const { filter, deliver } of handlers) broker.unsubscribe(filter, deliver, () => undefined);
      if (server) {
        const tcp = server;
        const closed = new Promise<void>((resolve) => tcp.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
      }
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
