/**
 * Resource limits of the embedded broker: payload and packet size, retained topics per client,
 * subscriptions per client (docs/security.md). Each limit is a documented setting with a safe default (README "Environment").
 * Beyond a limit a message is dropped and counted with its reason, logged once per client and
 * reason, and never stored; the connection stays up, except for a packet over the packet cap,
 * which is refused before it is buffered (the connection is closed, as MQTT 3.1.1 has no way to
 * refuse one packet).
 */

/** The limits, in bytes and counts. */
export interface BrokerLimits {
  /** Largest PUBLISH payload accepted, bytes (the dashboard drops larger live payloads too). */
  maxPayloadBytes: number;
  /** Largest MQTT packet read at all, bytes; a larger one closes the connection before it is buffered. */
  maxPacketBytes: number;
  /** Distinct retained topics one client id may hold. */
  maxRetainedPerClient: number;
  /** Distinct retained topics all clients together may hold (the hub's own topics not counted). */
  maxRetainedTotal: number;
  /** Subscriptions (topic filters) one client may hold at once. */
  maxSubscriptionsPerClient: number;
  /**
   * Largest retained device list a Zigbee2MQTT gateway publishes on `<base>/bridge/devices`, bytes:
   * one message describing every device with its exposes (15 real models are 71 KB, 500 devices
   * about 2.3 MB). Only a gateway user (or an anonymous device) gets it, on that one topic; its
   * connection's packet cap grows to match.
   */
  maxDeviceListBytes: number;
}

/** Safe defaults: a household's devices publish a few hundred bytes and a few retained topics each. */
export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxPayloadBytes: 64 * 1024,
  maxPacketBytes: 1024 * 1024,
  maxRetainedPerClient: 1000,
  maxRetainedTotal: 20_000,
  maxSubscriptionsPerClient: 100,
  maxDeviceListBytes: 8 * 1024 * 1024,
};

/**
 * The limits in force: `overrides` over the defaults; the packet cap follows a raised payload cap
 * (at least 1 MiB, at least twice the payload cap), so a payload within its cap is never cut off
 * by the packet cap.
 */
export function brokerLimits(overrides: Partial<BrokerLimits> = {}): BrokerLimits {
  const merged = { ...DEFAULT_BROKER_LIMITS, ...overrides };
  return {
    ...merged,
    maxPacketBytes:
      overrides.maxPacketBytes ?? Math.max(DEFAULT_BROKER_LIMITS.maxPacketBytes, 2 * merged.maxPayloadBytes),
  };
}

/** Why a message or subscription was refused. */
export type LimitReason =
  | "payload too large"
  | "retained topics per client"
  | "retained topics in all"
  | "subscriptions per client"
  | "packet too large";

/** Counters of refusals by reason (GET /bridge/stats shows them next to the bridge's). */
export type LimitStats = Record<LimitReason, number>;

/** What the keeper needs of a publish. */
export interface PublishFacts {
  topic: string;
  retain: boolean;
  payloadBytes: number;
}

/**
 * Keeps the per-client and global counts the limits need and decides each publish and
 * subscription. Pure bookkeeping: no I/O, no Aedes; `onFirstRefusal` is called once per client id
 * and reason (for one log line).
 */
export class LimitKeeper {
  readonly stats: LimitStats = {
    "payload too large": 0,
    "retained topics per client": 0,
    "retained topics in all": 0,
    "subscriptions per client": 0,
    "packet too large": 0,
  };
  /** Retained topic -> the client id that holds it (clients' retained topics only). */
  private readonly retainedOwner = new Map<string, string>();
  private readonly retainedPerClient = new Map<string, number>();
  private readonly logged = new Set<string>();

  constructor(
    readonly limits: BrokerLimits = DEFAULT_BROKER_LIMITS,
    private readonly onFirstRefusal: (clientId: string, reason: LimitReason) => void = () => undefined,
  ) {}

  /**
   * Decides a client's publish and, when allowed, records what it retains (an empty retained
   * payload deletes the topic and frees its slot). Answers null (allowed) or the reason it is
   * dropped; a dropped publish changes no count but the refusal counter. `payloadCap` is the
   * payload cap for this publish (maxPayloadBytes; maxDeviceListBytes for a gateway's device list).
   */
  checkPublish(clientId: string, publish: PublishFacts, payloadCap = this.limits.maxPayloadBytes): LimitReason | null {
    if (publish.payloadBytes > payloadCap) return this.refuse(clientId, "payload too large");
    if (!publish.retain) return null;
    const owner = this.retainedOwner.get(publish.topic);
    if (publish.payloadBytes === 0) {
      if (owner !== undefined) this.release(publish.topic, owner);
      return null;
    }
    if (owner === clientId) return null;
    if ((this.retainedPerClient.get(clientId) ?? 0) >= this.limits.maxRetainedPerClient)
      return this.refuse(clientId, "retained topics per client");
    if (owner === undefined && this.retainedOwner.size >= this.limits.maxRetainedTotal)
      return this.refuse(clientId, "retained topics in all");
    if (owner !== undefined) this.release(publish.topic, owner);
    this.retainedOwner.set(publish.topic, clientId);
    this.retainedPerClient.set(clientId, (this.retainedPerClient.get(clientId) ?? 0) + 1);
    return null;
  }

  /** The hub itself retained `topic` (or cleared it): a client no longer holds that slot. */
  hubRetained(topic: string): void {
    const owner = this.retainedOwner.get(topic);
    if (owner !== undefined) this.release(topic, owner);
  }

  /**
   * Decides one new subscription of a client that holds `held` topic filters now (re-subscribing
   * to a filter it already holds is always allowed). Answers null or the reason.
   */
  checkSubscribe(clientId: string, held: number, alreadyHeld: boolean): LimitReason | null {
    if (alreadyHeld || held < this.limits.maxSubscriptionsPerClient) return null;
    return this.refuse(clientId, "subscriptions per client");
  }

  /** Counts a packet refused before it was read (see {@link guardPacketSize}). */
  packetTooLarge(clientId: string): void {
    this.refuse(clientId, "packet too large");
  }

  /** Distinct retained topics clients hold now (for tests and stats). */
  get retainedTopics(): number {
    return this.retainedOwner.size;
  }

  private release(topic: string, owner: string): void {
    this.retainedOwner.delete(topic);
    const count = (this.retainedPerClient.get(owner) ?? 1) - 1;
    if (count <= 0) this.retainedPerClient.delete(owner);
    else this.retainedPerClient.set(owner, count);
  }

  private refuse(clientId: string, reason: LimitReason): LimitReason {
    this.stats[reason] += 1;
    const key = `${clientId}\u0000${reason}`;
    if (!this.logged.has(key) && this.logged.size < 10_000) {
      this.logged.add(key);
      this.onFirstRefusal(clientId, reason);
    }
    return reason;
  }
}

/**
 * Topic filters `client` holds or is being granted now, for the subscription limit: Aedes' own
 * `client.subscriptions` (not in its types) plus filters allowed in this turn of the event loop
 * (one SUBSCRIBE packet's filters are authorized in parallel, before any is added, for a
 * persistent session). Throws if the client has no `subscriptions` map (an Aedes upgrade changed it).
 */
export class SubscriptionCounter {
  private readonly pending = new WeakMap<object, Set<string>>();

  /** How many filters `client` holds counting pending ones, and whether `filter` is one of them. */
  held(client: object, filter: string): { count: number; alreadyHeld: boolean } {
    const subscriptions = "subscriptions" in client ? client.subscriptions : undefined;
    if (typeof subscriptions !== "object" || subscriptions === null) {
      throw new Error("Aedes client has no 'subscriptions' map: check hub/broker/limits.ts against this Aedes version");
    }
    const all = new Set([...Object.keys(subscriptions), ...(this.pending.get(client) ?? [])]);
    return { count: all.size, alreadyHeld: all.has(filter) };
  }

  /** Records `filter` as granted to `client` until Aedes has added it (next turn of the event loop). */
  granted(client: object, filter: string): void {
    let set = this.pending.get(client);
    if (!set) {
      set = new Set();
      this.pending.set(client, set);
      setImmediate(() => this.pending.delete(client));
    }
    set.add(filter);
  }
}

/** The part of an Aedes client's mqtt-packet parser {@link guardPacketSize} wraps. */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): boolean;
}

/**
 * Refuses, for one Aedes client, any MQTT packet whose remaining length is over `maxBytes` (a
 * number, or a function read at each packet, as a client's cap depends on who it logged in as), as
 * soon as its fixed header is read, before its body is buffered: the parser reports an error and
 * Aedes closes the connection. Call it on the client `broker.handle()` returns, before any data is
 * read. Throws if the client's parser is not the mqtt-packet parser this was written against
 * (mqtt-packet 9), so an upgrade that changes it fails the tests instead of lifting the limit.
 */
export function guardPacketSize(client: unknown, maxBytes: number | (() => number), onTooLarge: () => void): void {
  const capOf = typeof maxBytes === "number" ? () => maxBytes : maxBytes;
  const parser =
    typeof client === "object" && client !== null && "_parser" in client
      ? (client._parser as Partial<PacketParser>)
      : undefined;
  if (
    !parser ||
    typeof parser._parseLength !== "function" ||
    typeof parser._emitError !== "function" ||
    typeof parser.packet !== "object"
  ) {
    throw new Error("Aedes client has no mqtt-packet parser: check hub/broker/limits.ts against this Aedes version");
  }
  const parseLength = parser._parseLength.bind(parser);
  const emitError = parser._emitError.bind(parser);
  parser._parseLength = function guardedParseLength(this: PacketParser): boolean {
    const done = parseLength();
    const cap = done ? capOf() : 0;
    if (done && this.packet.length > cap) {
      onTooLarge();
      return emitError(new Error(`packet of ${this.packet.length} bytes is over the limit of ${cap}`));
    }
    return done;
  };
}
