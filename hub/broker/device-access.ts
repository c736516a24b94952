import type { AedesOptions, AuthenticateError, Client } from "aedes";
import { dummySecretHash, verifySecret } from "../auth/kdf";
import { LoginThrottle } from "../auth/login-throttle";
import type { MqttUserStore } from "./mqtt-users";
import {
  browserMayReceive,
  browserMaySubscribe,
  deviceMaySubscribe,
  devicePublishProblem,
  isTasmotaDiscoveryTopic,
  tasmotaDiscoveryProblem,
  unboundTasmotaTopic,
  type DeviceAccess,
} from "./acl";
import type { HubLogger } from "./link";
import type { SessionPanels } from "../core/session-panels";

/**
 * Authentication and authorisation of the embedded broker's clients (rules in
 * acl.ts), as Aedes 1.2 hooks:
 *
 * - Devices on the TCP listener log in with an MQTT user of the hub's database (`npm run hub --
 *   mqtt add`): no or unknown credentials get CONNACK 5 (not authorized) or 4 (bad user name or
 *   password); anonymous devices only with HUB_MQTT_ALLOW_ANONYMOUS=1.
 * - Browsers come in through `/mqtt` with a valid session (http/mqtt-ws.ts) and are admitted by it;
 *   their credentials, if any, are ignored.
 * - Client ids: a browser's id must look like one (mqtt.js' default `mqttjs_<hex>`, or
 *   `dashboard-<id>`), and no client may take over an id held by a connected client of another
 *   owner (another device user, anonymous, a browser of another session): Aedes would otherwise
 *   disconnect the older client (MQTT-3.1.4-2). CONNACK 2 (identifier rejected).
 * - A device's publish outside its ACL is acknowledged and dropped, like Mosquitto does, and
 *   logged once per connection: Aedes 1.2 closes the connection on any authorizePublish error
 *   (lib/handlers/publish.js has no "skip" answer for MQTT 3.1.1), and a Tasmota that publishes one
 *   stray topic must not lose its connection. The packet is redirected to {@link REFUSED_TOPIC},
 *   which no client may subscribe to and nothing in the hub reads. A browser's publish still closes
 *   its connection (the dashboard never publishes; docs/contract.md "Live channel").
 * - A Tasmota user's first accepted discovery config binds its MAC (and, for a user made without a
 *   topic, its topic `t`) to it in `mqtt_user_macs` and `mqtt_users` (MqttUserStore.bindTasmota); a config under a MAC
 *   another user has, or naming another user's topic, is dropped. A user without a topic uses one
 *   topic per connection before that (the first `tele/<x>/LWT` or `cmnd/<x>/…` it uses, which no
 *   other user may have), and its config's `t` must be it. Refused discovery is counted in
 *   {@link DeviceAccessControl.stats} and logged like any refused publish.
 * - A refused subscription is answered with SUBACK 0x80 (failure), never an error.
 * - Browsers receive only the dashboard's namespace (authorizeForward).
 * - Wrong passwords are rate limited per user name and per address like hub logins (5 free, then
 *   1 s ... 60 s, refused unchecked with CONNACK 5), so the scrypt check cannot be flooded.
 * - Every second the hub checks whether another process changed `mqtt_users` and closes the
 *   connections of removed users and of users whose password or ACL changed.
 */

/** Where a refused device publish goes instead: a `$`-topic no client may subscribe to. */
export const REFUSED_TOPIC = "$hub/refused";

/**
 * Drops a publish inside Aedes' authorizePublish without closing the connection (Aedes 1.2 has no
 * "skip" answer): redirected to {@link REFUSED_TOPIC}, not retained, empty, so nothing stores or
 * reads it. Used for publishes outside a device's ACL and over a broker limit (limits.ts).
 */
export function dropPublish(packet: { topic: string; retain: boolean; payload: Buffer | string }): void {
  packet.topic = REFUSED_TOPIC;
  packet.retain = false;
  packet.payload = Buffer.alloc(0);
}

/** Client ids a browser may use: mqtt.js' default `mqttjs_<hex>` or `dashboard-<id>`. */
export const BROWSER_CLIENT_ID = /^(?:mqttjs_[0-9a-f]{1,32}|dashboard-[A-Za-z0-9_-]{1,64})$/;

/** CONNACK return codes of MQTT 3.1.1 §3.2.2.3 that Aedes passes on from `error.returnCode`. */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

type Identity =
  | { type: "browser"; owner: string; sessionId: number }
  | { type: "device"; owner: string; username: string | null; passwordHash: string | null; access: DeviceAccess };

/** A CONNECT refusal Aedes turns into a CONNACK with `returnCode`. */
function refusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** The Aedes hooks of {@link DeviceAccessControl}, as `Aedes.createBroker` options. */
export type AccessHooks = Required<
  Pick<AedesOptions, "authenticate" | "authorizePublish" | "authorizeSubscribe" | "authorizeForward">
>;

/** Options of {@link DeviceAccessControl}. */
export interface DeviceAccessOptions {
  /** Device credentials (table `mqtt_users`). */
  users: MqttUserStore;
  /** HUB_MQTT_ALLOW_ANONYMOUS: admit TCP clients without credentials with the anonymous ACL (acl.ts). */
  allowAnonymous: boolean;
  log: HubLogger;
  /** Which panel each session's browser is: a browser receives only its own panel's commands (acl.ts browserMayReceive). */
  sessionPanels?: SessionPanels;
  /** How often to look for users changed by another process (default 1000 ms). */
  watchIntervalMs?: number;
}

/**
 * Who each client of the embedded broker is and what it may do (see the top of this file). Create
 * one per broker, pass {@link hooks} to Aedes, call {@link markBrowser} before handing a browser's
 * stream to Aedes, {@link forget} on Aedes' `clientDisconnect`, and {@link close} with the broker.
 */
export class DeviceAccessControl {
  /** Tasmota discovery publishes refused (bad MAC, topic, size, JSON, another user's MAC or topic) and MACs bound. */
  readonly stats = { discoveryRefused: 0, discoveryBound: 0 };
  private readonly identities = new WeakMap<Client, Identity>();
  /** The one topic each connection of a Tasmota user without a topic uses (tele/<x>/LWT, cmnd/<x>/…). */
  private readonly announced = new WeakMap<Client, string>();
  private readonly browsers = new WeakSet<Client>();
  private readonly browserStreams = new WeakMap<object, number>();
  private readonly refusalLogged = new WeakSet<Client>();
  /** The client that last authenticated with each client id (closed ones are swept lazily). */
  private readonly holders = new Map<string, Client>();
  private readonly timer: NodeJS.Timeout;
  private seenVersion: number;
  /** Wrong MQTT passwords per user name and per address: the same growing delays as hub logins. */
  private readonly throttle = new LoginThrottle();

  constructor(private readonly options: DeviceAccessOptions) {
    this.seenVersion = options.users.dataVersion();
    this.timer = setInterval(() => this.checkUsers(), options.watchIntervalMs ?? 1000);
    this.timer.unref();
  }

  /** Marks a browser's WebSocket stream (before `broker.handle`), admitted by session `sessionId`. */
  markBrowser(stream: object, sessionId: number): void {
    this.browserStreams.set(stream, sessionId);
  }

  /** Drops what is remembered about `client` (Aedes' `clientDisconnect`). */
  forget(client: Client): void {
    if (this.holders.get(client.id) === client) this.holders.delete(client.id);
  }

  /**
   * True when `client` is a Zigbee2MQTT gateway (or an anonymous device) and `topic` is its base's
   * `bridge/devices`: the one publish that may be as large as the broker's maxDeviceListBytes (limits.ts).
   * With no topic: whether the client may publish such a list at all (its packet cap follows).
   */
  mayPublishDeviceList(client: Client | null, topic?: string): boolean {
    const identity = client ? this.identities.get(client) : undefined;
    if (identity?.type !== "device") return false;
    const { access } = identity;
    if (access.kind === "anonymous") return topic === undefined || topic.endsWith("/bridge/devices");
    if (access.kind !== "zigbee2mqtt") return false;
    return topic === undefined || topic === `${access.topic}/bridge/devices`;
  }

  /** Stops the user watch. */
  close(): void {
    clearInterval(this.timer);
  }

  /** The Aedes hooks, bound to this object. */
  readonly hooks: AccessHooks = {
    authenticate: (client, username, password, done) => {
      this.authenticate(client, username, password).then(
        (identity) => {
          this.identities.set(client, identity);
          if (identity.type === "browser") this.browsers.add(client);
          this.claim(client);
          done(null, true);
        },
        (error: Error & { returnCode?: number }) => {
          this.options.log.info(
            { clientId: client.id, username, returnCode: error.returnCode, reason: error.message },
            "mqtt connection refused",
          );
          done(refusal(error.returnCode ?? NOT_AUTHORIZED, error.message), false);
        },
      );
    },

    authorizePublish: (client, packet, callback) => {
      const identity = client ? this.identities.get(client) : undefined;
      if (client && identity?.type === "browser") {
        this.options.log.warn(
          { clientId: client.id, topic: packet.topic },
          "refused a publish from a browser client (closing it)",
        );
        callback(new Error("browser clients may not publish"));
        return;
      }
      // client null: a will of a vanished broker instance (Aedes' _clearWills); nobody to check it against.
      const payload = typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload;
      let problem =
        identity?.type === "device"
          ? devicePublishProblem(identity.access, packet.topic, payload)
          : "no authenticated client";
      if (problem === null && client && identity?.type === "device" && identity.access.kind === "tasmota")
        problem = this.tasmotaProblem(client, identity, packet.topic, payload);
      else if (problem !== null && isTasmotaDiscoveryTopic(packet.topic)) this.stats.discoveryRefused += 1;
      if (problem !== null) {
        this.logRefusal(client, identity, packet.topic, problem);
        dropPublish(packet);
      }
      callback(null);
    },

    authorizeSubscribe: (client, subscription, callback) => {
      const identity = this.identities.get(client);
      const allowed =
        identity?.type === "browser"
          ? browserMaySubscribe(subscription.topic)
          : identity?.type === "device" &&
            deviceMaySubscribe(identity.access, subscription.topic, client.id) &&
            this.unboundSubscribeProblem(client, identity, subscription.topic) === null;
      if (allowed) {
        callback(null, subscription);
        return;
      }
      this.options.log.warn(
        {
          clientId: client.id,
          username: identity?.type === "device" ? identity.username : undefined,
          filter: subscription.topic.slice(0, 200),
        },
        "mqtt subscription refused (SUBACK 0x80)",
      );
      callback(null, null);
    },

    authorizeForward: (client, packet) => {
      if (!this.browsers.has(client)) return packet;
      const identity = this.identities.get(client);
      const panel = identity?.type === "browser" ? this.options.sessionPanels?.panelOf(identity.sessionId) : undefined;
      return browserMayReceive(packet.topic, panel) ? packet : null;
    },
  };

  /** Who `client` is, or a refusal with its CONNACK return code. */
  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<Identity> {
    const sessionId = this.browserStreams.get(client.conn);
    if (sessionId !== undefined) {
      if (!BROWSER_CLIENT_ID.test(client.id))
        throw refusal(IDENTIFIER_REJECTED, "a browser's client id must be mqttjs_<hex> or dashboard-<id>");
      return this.checkHolder(client, { type: "browser", owner: `browser:${sessionId}`, sessionId });
    }
    if (username === undefined) {
      if (password !== undefined) throw refusal(BAD_USERNAME_OR_PASSWORD, "a password without a user name");
      if (!this.options.allowAnonymous)
        throw refusal(
          NOT_AUTHORIZED,
          "anonymous devices are refused (add an MQTT user: npm run hub -- mqtt add, or set HUB_MQTT_ALLOW_ANONYMOUS=1)",
        );
      return this.checkHolder(client, {
        type: "device",
        owner: "anonymous",
        username: null,
        passwordHash: null,
        access: { kind: "anonymous" },
      });
    }
    // Each CONNECT with a user name costs a scrypt check: after 5 wrong ones per user name or per
    // address, further attempts wait 1 s, 2 s ... 60 s and are refused unchecked (CONNACK 5).
    const address = (client.conn as { remoteAddress?: string }).remoteAddress ?? "unknown";
    const attempt = await this.throttle.acquire(`mqtt:${username}`, address);
    if (attempt.kind === "delay")
      throw refusal(
        NOT_AUTHORIZED,
        `too many wrong MQTT passwords from this ${attempt.key}: retry in ${Math.ceil(attempt.retryAfterMs / 1000)} s`,
      );
    let ok = false;
    let user: ReturnType<MqttUserStore["find"]>;
    try {
      user = this.options.users.find(username);
      const secret = password?.toString("utf8") ?? "";
      // An unknown user costs as much as a wrong password (no user-name oracle).
      ok =
        (await verifySecret(secret, user?.passwordHash ?? (await dummySecretHash()))) &&
        user !== undefined &&
        password !== undefined;
    } finally {
      if (ok) attempt.succeeded();
      else attempt.failed();
    }
    if (!user || !ok) throw refusal(BAD_USERNAME_OR_PASSWORD, "bad user name or password");
    return this.checkHolder(client, {
      type: "device",
      owner: `user:${user.username}`,
      username: user.username,
      passwordHash: user.passwordHash,
      access:
        user.kind === "tasmota"
          ? { kind: "tasmota", topic: user.topic, mac: user.mac }
          : { kind: user.kind, topic: user.topic },
    });
  }

  /**
   * What device-access adds to acl.ts for a Tasmota user: binding its MAC (and topic) on its first
   * accepted discovery config, and one topic per connection while it has none. Null when allowed.
   */
  private tasmotaProblem(
    client: Client,
    identity: Extract<Identity, { type: "device" }>,
    topic: string,
    payload: Buffer,
  ): string | null {
    const access = identity.access;
    if (access.kind !== "tasmota" || identity.username === null) return null;
    if (!isTasmotaDiscoveryTopic(topic))
      return access.topic === "" ? this.announce(client, identity.username, topic.split("/")[1] ?? "") : null;
    const verdict = tasmotaDiscoveryProblem(access, topic, payload);
    const refuse = (reason: string) => {
      this.stats.discoveryRefused += 1;
      return reason;
    };
    if ("problem" in verdict) return refuse(verdict.problem);
    const { mac, topic: t } = verdict.claim;
    if (t === null || (access.mac === mac && access.topic === t)) return null;
    const announced = this.announced.get(client);
    if (access.topic === "" && announced !== undefined && announced !== t)
      return refuse(
        `discovery config's topic t ${JSON.stringify(t)} is not ${announced}, the topic this connection uses`,
      );
    let bound = false;
    try {
      bound = this.options.users.bindTasmota(identity.username, mac, t);
    } catch (error) {
      this.options.log.error({ err: error, username: identity.username }, "could not bind a Tasmota device's MAC");
    }
    if (!bound) return refuse(`MAC ${mac} or topic ${t} belongs to another device user`);
    access.mac = mac;
    access.topic = t;
    this.stats.discoveryBound += 1;
    this.options.log.info(
      { clientId: client.id, username: identity.username, mac, topic: t },
      "Tasmota device bound by its discovery",
    );
    return null;
  }

  /** Why a connection of Tasmota user `username` without a topic may not use topic `name`, or null (then it is its one topic). */
  private announce(client: Client, username: string, name: string): string | null {
    const announced = this.announced.get(client);
    if (announced !== undefined && announced !== name) return `this connection uses topic ${announced}, not ${name}`;
    const owner = this.options.users.findTasmotaByTopic(name);
    if (owner && owner.username !== username) return `topic ${name} is another device user's`;
    this.announced.set(client, name);
    return null;
  }

  /** For a Tasmota user without a topic subscribing to `cmnd/<x>/…`: why not, or null. */
  private unboundSubscribeProblem(client: Client, identity: Identity, filter: string): string | null {
    if (identity.type !== "device" || identity.access.kind !== "tasmota" || identity.access.topic !== "") return null;
    if (identity.username === null) return null;
    const levels = filter.split("/");
    const name = levels[0] === "cmnd" ? unboundTasmotaTopic(levels, client.id) : undefined;
    return name === undefined ? null : this.announce(client, identity.username, name);
  }

  /** `identity`, unless the client id is held by a connected client of another owner. */
  private checkHolder(client: Client, identity: Identity): Identity {
    const holder = this.holders.get(client.id);
    if (holder && holder !== client && !holder.closed) {
      const held = this.identities.get(holder);
      if (held && held.owner !== identity.owner) {
        throw refusal(
          IDENTIFIER_REJECTED,
          `client id ${JSON.stringify(client.id.slice(0, 100))} is held by another connected client`,
        );
      }
    }
    return identity;
  }

  /** Records `client` as the holder of its id; sweeps closed holders now and then. */
  private claim(client: Client): void {
    this.holders.set(client.id, client);
    if (this.holders.size > 1024 && this.holders.size % 256 === 0) {
      for (const [id, holder] of this.holders) if (holder.closed) this.holders.delete(id);
    }
  }

  private logRefusal(client: Client | null, identity: Identity | undefined, topic: string, reason: string): void {
    const fields = {
      clientId: client?.id,
      username: identity?.type === "device" ? identity.username : undefined,
      topic: topic.slice(0, 200),
      reason,
    };
    if (client && !this.refusalLogged.has(client)) {
      this.refusalLogged.add(client);
      this.options.log.warn(
        fields,
        "dropped a device publish outside its ACL (logged once per connection; later ones at debug)",
      );
    } else {
      this.options.log.debug(fields, "dropped a device publish outside its ACL");
    }
  }

  /** Closes connections whose MQTT user was removed, or whose password, kind or topic changed. */
  private checkUsers(): void {
    let version: number;
    try {
      version = this.options.users.dataVersion();
    } catch (error) {
      this.options.log.error({ err: error }, "could not read the MQTT users");
      return;
    }
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    for (const client of this.holders.values()) {
      const identity = this.identities.get(client);
      if (
        client.closed ||
        identity?.type !== "device" ||
        identity.username === null ||
        identity.access.kind === "anonymous"
      )
        continue;
      const user = this.options.users.find(identity.username);
      if (
        user &&
        user.passwordHash === identity.passwordHash &&
        user.kind === identity.access.kind &&
        user.topic === identity.access.topic &&
        (identity.access.kind !== "tasmota" || (identity.access.mac ?? null) === user.mac)
      )
        continue;
      this.options.log.info(
        { clientId: client.id, username: identity.username },
        user ? "MQTT user changed: closing its connection" : "MQTT user removed: closing its connection",
      );
      client.close();
    }
  }
}
