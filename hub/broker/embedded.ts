import { Aedes, type Client } from "aedes";
import { createServer, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import type { TlsCertificates } from "../tls/certificates";
import type { Duplex } from "node:stream";
import type { IncomingMessage } from "node:http";
import type { MqttUserStore } from "./mqtt-users";
import type { SessionPanels } from "../core/session-panels";
import { deliverEveryMessage } from "./delivery";
import { DeviceAccessControl, dropPublish, REFUSED_TOPIC } from "./device-access";
import {
  DEFAULT_BROKER_LIMITS,
  guardPacketSize,
  LimitKeeper,
  SubscriptionCounter,
  type BrokerLimits,
  type LimitStats,
} from "./limits";
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
  /** The MQTT-over-TLS port devices use, or null when there is none. */
  readonly tlsPort: number | null;
  /** Messages and subscriptions refused by the limits, by reason (limits.ts). */
  readonly limitStats: LimitStats;
}

/**
 * Starts Aedes (1.x, in-memory persistence) and, when `tcpPort` is not 0, a TCP listener for
 * devices on `host:tcpPort`. Every client gets every matching message, one copy per matching
 * subscription, as from Mosquitto 2 (delivery.ts). Devices log in with an MQTT user of `users`
 * (or anonymously with `allowAnonymous`) and are held to their ACL; browser clients (handed in
 * through `handleBrowser`) may subscribe but every publish is refused, which closes their
 * connection (MQTT-3.3.5-2): device-access.ts and acl.ts. Resource limits
 * (payload and packet size, retained topics per client and in all, subscriptions per client;
 * limits.ts) apply to every client: a publish over a limit is acknowledged and
 * dropped like one outside the ACL, a subscription over the limit gets SUBACK 0x80, a packet over
 * the packet cap closes its connection before it is buffered. With `tls`, devices may also connect
 * with MQTT over TLS on `tls.port` (the same users, ACL and limits) with the hub's certificate, a new
 * one taking over without a restart. Rejects if a port cannot be bound.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  tcpPort: number;
  log: HubLogger;
  users: MqttUserStore;
  allowAnonymous: boolean;
  limits?: BrokerLimits;
  tls?: { port: number; certificates: TlsCertificates };
  /** Which panel each session's browser is (a browser receives only its own panel's commands). */
  sessionPanels?: SessionPanels;
}): Promise<EmbeddedBroker> {
  const { log } = options;
  const access = new DeviceAccessControl({
    users: options.users,
    allowAnonymous: options.allowAnonymous,
    log,
    ...(options.sessionPanels ? { sessionPanels: options.sessionPanels } : {}),
  });
  const limits = new LimitKeeper(options.limits ?? DEFAULT_BROKER_LIMITS, (clientId, reason) =>
    log.warn(
      { clientId: clientId.slice(0, 100), reason },
      "mqtt limit reached: dropped (logged once per client and reason)",
    ),
  );
  const subscriptions = new SubscriptionCounter();
  /** Hands a connection to Aedes with the packet-size guard in place before any byte is read. */
  const handle = (stream: Duplex, request?: IncomingMessage): Client => {
    const client = request ? broker.handle(stream, request) : broker.handle(stream);
    const { maxPacketBytes, maxDeviceListBytes } = limits.limits;
    const gatewayPacketBytes = Math.max(maxPacketBytes, maxDeviceListBytes + 64 * 1024);
    guardPacketSize(
      client,
      () => (access.mayPublishDeviceList(client) ? gatewayPacketBytes : maxPacketBytes),
      () => limits.packetTooLarge(client.id ?? "(connecting)"),
    );
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
        const payloadBytes =
          typeof packet.payload === "string" ? Buffer.byteLength(packet.payload) : packet.payload.length;
        const cap = access.mayPublishDeviceList(client, packet.topic)
          ? limits.limits.maxDeviceListBytes
          : limits.limits.maxPayloadBytes;
        if (limits.checkPublish(client.id, { topic: packet.topic, retain: packet.retain, payloadBytes }, cap) !== null)
          dropPublish(packet);
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
  broker.on("clientError", (client, error) =>
    log.debug({ clientId: client.id, err: error.message }, "mqtt client error"),
  );
  broker.on("connectionError", (client, error) =>
    log.debug({ clientId: client.id, err: error.message }, "mqtt connection error"),
  );

  /** Open device sockets: closing the hub ends them rather than waiting for each device to hang up. */
  const sockets = new Set<Socket>();
  const servers: Server[] = [];
  const accept = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    handle(socket);
  };
  const closeServers = async () => {
    const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    for (const socket of sockets) socket.destroy();
    await Promise.all(closed);
  };
  /** Binds `server` to `port` on the hub's host; answers the bound port. */
  const listen = async (server: Server, port: number, inUse: string): Promise<number> => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "EADDRINUSE" ? new Error(inUse) : error),
      );
      server.listen(port, options.host, () => {
        server.removeAllListeners("error");
        resolve();
      });
    });
    servers.push(server);
    const address = server.address();
    return typeof address === "object" && address ? address.port : port;
  };

  let tcpPort: number | null = null;
  let tlsPort: number | null = null;
  let unsubscribeCertificates = () => {};
  try {
    if (options.tcpPort !== 0) {
      const tcp = createServer(accept);
      tcpPort = await listen(
        tcp,
        options.tcpPort,
        `MQTT TCP port ${options.tcpPort} is already in use (set HUB_MQTT_PORT to another port, or 0 to disable the device listener)`,
      );
      tcp.on("error", (error) => log.error({ err: error }, "mqtt tcp listener error"));
    }
    if (options.tls) {
      const { certificates } = options.tls;
      const secure = createTlsServer({ ...certificates.current() }, accept);
      // A handshake that fails (a device without the CA, a port scan) is the device's problem, not the hub's.
      secure.on("tlsClientError", (error) => log.debug({ err: error.message }, "mqtt tls handshake failed"));
      tlsPort = await listen(
        secure,
        options.tls.port,
        `MQTT TLS port ${options.tls.port} is already in use (set HUB_MQTTS_PORT to another port, or 0 to disable it)`,
      );
      secure.on("error", (error) => log.error({ err: error }, "mqtt tls listener error"));
      unsubscribeCertificates = certificates.onChange((pair) => secure.setSecureContext({ ...pair }));
    }
  } catch (error) {
    await closeServers();
    access.close();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }
  if (tcpPort !== null || tlsPort !== null) {
    const ports = { port: tcpPort, tlsPort };
    if (options.allowAnonymous) {
      log.warn(
        ports,
        "HUB_MQTT_ALLOW_ANONYMOUS=1: anyone who reaches these ports may publish any device's readings and read every device command (the dashboard's topics stay the hub's)",
      );
    } else if (options.users.count() === 0) {
      log.info(
        ports,
        "no MQTT device users yet: devices cannot log in until you add one (npm run hub -- mqtt add <name> --kind tasmota --password-stdin)",
      );
    }
  }

  const handlers: {
    filter: string;
    deliver: (packet: { topic: string; payload: Buffer | string }, cb: () => void) => void;
  }[] = [];
  /** Subscriptions Aedes has not confirmed yet (subscriptionsSettled). */
  const pendingSubscriptions: Promise<void>[] = [];

  return {
    description: `embedded (WebSocket${tcpPort === null ? "" : ` + TCP :${tcpPort}`}${tlsPort === null ? "" : ` + TLS :${tlsPort}`}${tcpPort === null && tlsPort === null ? " only" : ""})`,
    tcpPort,
    tlsPort,
    limitStats: limits.stats,
    handleBrowser(stream, request, sessionId) {
      access.markBrowser(stream, sessionId);
      return handle(stream, request);
    },
    publish(topic: string, payload: string | Buffer, publishOptions: PublishOptions) {
      if (publishOptions.retain) limits.hubRetained(topic);
      broker.publish(
        {
          cmd: "publish",
          topic,
          payload: typeof payload === "string" ? Buffer.from(payload) : payload,
          qos: publishOptions.qos,
          retain: publishOptions.retain,
          dup: false,
        },
        (error) => {
          if (error) log.error({ err: error, topic }, "embedded publish failed");
        },
      );
    },
    publishCommand(topic: string, payload: string) {
      return new Promise<void>((resolve, reject) => {
        if (broker.closed) return reject(new BrokerLinkDownError("the embedded broker is closed"));
        broker.publish(
          { cmd: "publish", topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => {
            if (error) reject(new BrokerLinkDownError(`embedded publish failed: ${error.message}`));
            else resolve();
          },
        );
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
      pendingSubscriptions.push(new Promise<void>((resolve) => broker.subscribe(topicFilter, deliver, resolve)));
    },
    async subscriptionsSettled() {
      while (pendingSubscriptions.length > 0) await Promise.all(pendingSubscriptions.splice(0));
    },
    async close() {
      access.close();
      for (const { filter, deliver } of handlers) broker.unsubscribe(filter, deliver, () => undefined);
      unsubscribeCertificates();
      await closeServers();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
