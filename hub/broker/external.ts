import { connect, type MqttClient } from "mqtt";
import { randomBytes } from "node:crypto";
import {
  BrokerLinkDownError,
  COMMAND_ACK_TIMEOUT_MS,
  type BrokerLink,
  type HubLogger,
  type MessageHandler,
  type PublishOptions,
} from "./link";

function matches(filter: string, topic: string): boolean {
  const f = filter.split("/");
  const t = topic.split("/");
  for (let i = 0; i < f.length; i++) {
    if (f[i] === "#") return true;
    if (i >= t.length) return false;
    if (f[i] !== "+" && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/**
 * Connects to a household broker with mqtt.js (client id `hub-<random>`, reconnect every 1000 ms,
 * subscriptions restored on reconnect). Resolves once connected, or after `connectWaitMs` with
 * the client still retrying in the background (the hub stays up while the broker is down).
 */
export async function connectExternalBroker(options: {
  url: string;
  log: HubLogger;
  connectWaitMs?: number;
}): Promise<BrokerLink> {
  const { log } = options;
  const client: MqttClient = connect(options.url, {
    clientId: `hub-${randomBytes(6).toString("hex")}`,
    reconnectPeriod: 1000,
    connectTimeout: 30_000,
    keepalive: 60,
    resubscribe: true,
    clean: true,
    queueQoSZero: false,
  });
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  /** SUBACKs not yet received (subscriptionsSettled). */
  const pendingSubscriptions: Promise<void>[] = [];
  client.on("message", (topic, payload) => {
    for (const { filter, handler } of handlers) {
      if (!matches(filter, topic)) continue;
      try {
        handler(topic, payload);
      } catch (error) {
        log.error({ err: error, topic }, "message handler threw");
      }
    }
  });
  client.on("error", (error) => log.warn({ err: error.message }, "external broker error"));
  client.on("reconnect", () => log.debug({}, "reconnecting to external broker"));
  client.on("connect", () => log.info({ url: redact(options.url) }, "connected to external broker"));

  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.warn({ url: redact(options.url) }, "external broker not reachable yet; retrying in the background");
      resolve();
    }, options.connectWaitMs ?? 5000);
    client.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    description: `external ${redact(options.url)}`,
    publish(topic: string, payload: string | Buffer, publishOptions: PublishOptions) {
      client.publish(topic, payload, { qos: publishOptions.qos, retain: publishOptions.retain }, (error) => {
        if (error) log.warn({ err: error.message, topic }, "external publish failed");
      });
    },
    publishCommand(topic: string, payload: string) {
      return new Promise<void>((resolve, reject) => {
        if (!client.connected || client.reconnecting || client.disconnecting) {
          reject(new BrokerLinkDownError("not connected to the external broker"));
          return;
        }
        const before = client.getLastMessageId();
        let settled = false;
        let messageId: number | undefined;
        const finish = (error: Error | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          client.off("close", onClose);
          if (error === null) return resolve();
          // Never replayed: an unacknowledged command leaves mqtt.js' store (a reconnect would resend it).
          if (messageId !== undefined) client.removeOutgoingMessage(messageId);
          reject(new BrokerLinkDownError(error.message));
        };
        const onClose = () =>
          finish(new Error("the connection to the external broker closed before it acknowledged the command"));
        const timer = setTimeout(
          () =>
            finish(
              new Error(`the external broker did not acknowledge the command within ${COMMAND_ACK_TIMEOUT_MS} ms`),
            ),
          COMMAND_ACK_TIMEOUT_MS,
        );
        client.once("close", onClose);
        client.publish(topic, payload, { qos: 1, retain: false }, (error) => finish(error ?? null));
        const after = client.getLastMessageId();
        if (after !== before) messageId = after;
      });
    },
    subscribe(topicFilter: string, handler: MessageHandler) {
      handlers.push({ filter: topicFilter, handler });
      pendingSubscriptions.push(
        new Promise<void>((resolve) =>
          client.subscribe(topicFilter, { qos: 0 }, (error) => {
            if (error) log.warn({ err: error.message, topicFilter }, "external subscribe failed");
            resolve();
          }),
        ),
      );
    },
    async subscriptionsSettled() {
      while (pendingSubscriptions.length > 0) await Promise.all(pendingSubscriptions.splice(0));
    },
    async close() {
      // Without a connection nothing queued can be acknowledged: waiting for it (end without force)
      // would hang the hub's shutdown for as long as the broker is away.
      await client.endAsync(!client.connected);
    },
  };
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<invalid url>";
  }
}
