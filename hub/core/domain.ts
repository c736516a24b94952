import * as v from "valibot";
import type { ApiBaseName } from "../../contract/paths";
import type { AutomationActionKind, AutomationTriggerType } from "../../contract/automations";
import type { ActionRunner } from "../automations/runner";
import type { DeviceRouter } from "../bridge/router";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { LimitStats } from "../broker/limits";
import type { KnownDevices, OfferedDevices } from "../household/devices";
import type { Household } from "../household/schema";
import type { HistoryDeclaration } from "../history/contribution";
import type { SimDevice } from "../simulator/devices";
import type { HubOptions } from "../server";
import type { Db, Migration } from "./db";
import type { SessionRegistry } from "./session-registry";
import type { SessionPanels } from "./session-panels";
import type { FastifyInstance } from "fastify";

/** A domain's routes, as a Fastify plugin registered under each base that serves the route set. */
export type DomainRoutes = (app: FastifyInstance) => Promise<void>;

/** What a started domain or simulated part hands back to be closed with the hub (in reverse start order). */
export type Cleanup = () => Promise<void> | void;

/**
 * What a domain's `start` gets: the hub's shared parts, and the services of the domains listed
 * before it ({@link get}). `commandLink` refuses commands to devices known offline (broker/availability.ts);
 * `link` is the plain broker link. `actions` is the automations' action registry: a domain with
 * actions registers their executors there (automations/runner.ts).
 */
export interface DomainContext {
  readonly options: HubOptions;
  readonly db: Db;
  readonly link: BrokerLink;
  readonly commandLink: BrokerLink;
  readonly household: Household;
  readonly log: HubLogger;
  readonly router: DeviceRouter;
  /** What each session holds open (streams, the live socket), ended with the session. */
  readonly sessions: SessionRegistry;
  /** Which panel each session's browser is (the panels domain binds, the embedded broker reads). */
  readonly sessionPanels: SessionPanels;
  /** The devices the hub acts for (household file and offered devices). */
  readonly known: KnownDevices;
  /** The Zigbee2MQTT lights found on the bridge, offered for adoption (the lights domain fills it). */
  readonly offeredLights: OfferedDevices;
  /** The embedded broker's limit counters; undefined on an external broker. */
  readonly brokerLimitStats: LimitStats | undefined;
  readonly actions: ActionRunner;
  /** The domains this hub runs (hub/domains.ts or HubOptions.domains), in start order. */
  readonly domains: readonly HubDomain[];
  /**
   * The service of `domain`, started before this one.
   * @throws Error naming both domains when `domain` is not on this hub or is listed after the caller.
   */
  get<S>(domain: HubDomain<S>): S;
  /** The service of `domain` when it is on this hub and started already, else undefined. */
  find<S>(domain: HubDomain<S>): S | undefined;
}

/** What `start` answers: the domain's service (for the domains after it), its route sets and its cleanup. */
export interface StartedDomain<S> {
  service: S;
  /** One plugin per route set named in the declaration's `routes`. */
  routes?: Readonly<Record<string, DomainRoutes>>;
  stop?: Cleanup;
}

/** What a domain's demo starter gets (the simulator's context). */
export interface DemoContext {
  readonly link: BrokerLink;
  readonly log: HubLogger;
  readonly household: Household;
  /** The simulator's round, ms (HUB_SIM_INTERVAL_MS). */
  readonly intervalMs: number;
}

/**
 * The household file's sections `H` as written in JSON (valibot input: defaults may be left out):
 * what a domain's demo household declares.
 */
export type HouseholdSections<H extends v.ObjectEntries> = v.InferInput<v.ObjectSchema<H, undefined>>;

/**
 * A domain's part of the demo household and its devices, simulated. `household` is its sections of
 * the demo household (the demo household is the merge of every domain's: {@link demoHouseholdOf};
 * household/demo.json is written from it by scripts/demo-household.ts). `devices` are published
 * each simulator round (simulator/simulator.ts); `start` runs the ones that live on their own
 * (shutters, IP cameras) just before the domain starts. Both are built from `household` where the
 * section says what the device is (a switch's relays, a shutter, a tracker), else from a list of
 * models kept beside it (a sensor's BME280 or SDS011).
 * `simulates` names every device this declaration simulates (Tasmota topics, Zigbee2MQTT names,
 * OwnTracks devices), also those its own `start` simulates in demo mode (the doorbell): computed
 * from `household`, the devices its sections name (hub/domains.test.ts holds both equal, and the
 * simulator publishing each).
 * `discovered` names the devices among `simulates` that announce themselves (Zigbee2MQTT's
 * `bridge/devices`, Tasmota's native discovery) and show on /devices whether the household names
 * them (adopts them in its `devices` section) or not: `simulates` is what `household` names and these.
 * `adds` names the devices of other domains' sections its `devices` publish more messages for (a
 * family read from a device another domain declares: the power meter of a switch's plug); the test
 * holds each of them simulated by another domain.
 */
export interface DomainDemo<H extends v.ObjectEntries = v.ObjectEntries> {
  readonly household?: HouseholdSections<H>;
  devices?(random: () => number): SimDevice[];
  start?(context: DemoContext): Promise<{ stop: Cleanup }> | { stop: Cleanup };
  readonly simulates: readonly string[];
  readonly discovered?: readonly string[];
  readonly adds?: readonly string[];
}

/**
 * One hub domain (hub/<domain>/domain.ts), declaring everything it brings: the hub is built from the
 * ordered list of hub/domains.ts. `S` is the service it hands to the domains after it; `H` the
 * entries of its household sections.
 */
export interface HubDomain<S = unknown, H extends v.ObjectEntries = v.ObjectEntries> {
  /** Its name (its folder under hub/). */
  readonly name: string;
  /** Its route sets and the API bases (contract/paths.ts DEFAULT_API_BASES) each is served under. */
  readonly routes?: Readonly<Record<string, readonly ApiBaseName[]>>;
  /** Its sections of the household file (valibot entries of household/schema.ts). */
  readonly household?: H;
  /** Its SQLite migrations (core/db.ts): each with its version and its place in the hub's one applied order. */
  readonly migrations?: readonly Migration[];
  /** The first topic levels it publishes on the live channel (contract/topics.ts NAMESPACE_ROOTS). */
  readonly topicRoots?: readonly string[];
  /**
   * Its part of the automations: the action kinds its `start` registers executors for on
   * `context.actions`, and the trigger types that follow what it publishes (automations/engine.ts).
   */
  readonly automation?: {
    readonly actions?: readonly AutomationActionKind[];
    readonly triggers?: readonly AutomationTriggerType[];
  };
  readonly demo?: DomainDemo<H>;
  /** The series it adds to the history (history/contribution.ts), recorded and answered by the history domain. */
  readonly history?: HistoryDeclaration;
  /** Builds its services; may throw (the hub then does not start and closes what started). */
  start(context: DomainContext): Promise<StartedDomain<S>> | StartedDomain<S>;
}

/**
 * The migrations of `domains` in the hub's one applied order (each migration's `order`).
 * @throws Error when two migrations share a version or an order.
 */
export function migrationsOf(domains: readonly HubDomain[]): Migration[] {
  const all = domains.flatMap((domain) => domain.migrations ?? []);
  const versions = new Set(all.map((migration) => migration.version));
  const orders = new Set(all.map((migration) => migration.order));
  if (versions.size !== all.length || orders.size !== all.length)
    throw new Error("two migrations share a version or an order");
  return all.sort((a, b) => a.order - b.order);
}

/**
 * The household schema of `domains`: an object of their sections (unknown keys are dropped, as
 * valibot's object does).
 * @throws Error when two domains declare the same section.
 */
export function householdSchemaOf(domains: readonly HubDomain[]): v.ObjectSchema<v.ObjectEntries, undefined> {
  const entries: v.ObjectEntries = {};
  for (const domain of domains)
    for (const [key, schema] of Object.entries(domain.household ?? {})) {
      if (key in entries) throw new Error(`household section ${key} declared twice (domain ${domain.name})`);
      entries[key] = schema;
    }
  return v.object(entries);
}

/** The simulated demo devices of `domains`, in list order. */
export function demoDevicesOf(domains: readonly HubDomain[], random: () => number = Math.random): SimDevice[] {
  return domains.flatMap((domain) => domain.demo?.devices?.(random) ?? []);
}

/**
 * The demo household of `domains`: the merge of their `demo.household` sections, in list order
 * (household/demo.json holds it for the full list of hub/domains.ts).
 * @throws Error when a domain's demo household has a section it does not declare, or two domains
 *   give the same section.
 */
export function demoHouseholdOf(domains: readonly HubDomain[]): Record<string, unknown> {
  const household: Record<string, unknown> = {};
  for (const domain of domains)
    for (const [key, section] of Object.entries(domain.demo?.household ?? {})) {
      if (!(key in (domain.household ?? {})))
        throw new Error(`demo household section ${key} is not a section of domain ${domain.name}`);
      if (key in household) throw new Error(`demo household section ${key} given twice (domain ${domain.name})`);
      household[key] = section;
    }
  return household;
}

/**
 * Declares a domain with its service type inferred from `start` and its household sections'
 * entries from `household` (which type its `demo.household`).
 */
export function defineDomain<S, H extends v.ObjectEntries = v.ObjectEntries>(domain: HubDomain<S, H>): HubDomain<S, H> {
  return domain;
}
