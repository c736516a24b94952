/** Options of one publish: retained flag and QoS (0 or 1; the hub never needs 2). */
export interface PublishOptions {
  retain: boolean;
  qos: 0 | 1;
}

/** Receives every message matching a subscription's topic filter. Must not throw. */
export type MessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The hub's side of an MQTT broker, embedded (Aedes) or external (mqtt.js): publish into it,
 * subscribe with a topic filter, close. Publishing never throws; failures are logged.
 */
export interface BrokerLink {
  /** "embedded" or "external <url>", for the start-up line. */
  readonly description: string;
  publish(topic: string, payload: string | Buffer, options: PublishOptions): void;
  subscribe(topicFilter: string, handler: MessageHandler): void;
  /** False while the link to the broker is down (a command must then fail, never wait in a queue: DESIGN.md §5). Absent = always up. */
  isConnected?(): boolean;
  close(): Promise<void>;
}

/** Logger subset the broker and bridge use (pino / Fastify's logger fits). */
export interface HubLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}
