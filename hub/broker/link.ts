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
  /**
   * Resolves once every subscription made so far is in place at the broker (an external broker's
   * SUBACKs; a failed one is logged and counts as settled). The hub waits for it before it reports
   * ready, so a device message published after start is not missed.
   */
  subscriptionsSettled?(): Promise<void>;
  /**
   * Sends a device command now (DESIGN.md §5: never queued, never replayed): QoS 1, not retained.
   * Resolves once the broker has it (the embedded broker's callback, an external broker's PUBACK).
   * Rejects with {@link BrokerLinkDownError} when the broker is not connected, and when an external
   * broker does not acknowledge it within {@link COMMAND_ACK_TIMEOUT_MS} or the connection drops
   * first: the message is then removed from mqtt.js' store, so a reconnect does not resend it.
   */
  publishCommand(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Logger subset the broker and bridge use (pino / Fastify's logger fits). */
export interface HubLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

/** How long an external broker may take to acknowledge a device command (ms). */
export const COMMAND_ACK_TIMEOUT_MS = 3000;

/** The broker cannot take a device command now (not connected, or no acknowledgement in time). */
export class BrokerLinkDownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrokerLinkDownError";
  }
}
