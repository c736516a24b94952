import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { LogController } from "fastify";
import { registerApiBases, apiBaseTable } from "./api-bases";
import { authDomain } from "./auth/domain";
import { ActionRunner } from "./automations/runner";
import { bridgeDomain } from "./bridge/domain";
import { DeviceRouter } from "./bridge/router";
import { startEmbeddedBroker, type EmbeddedBroker } from "./broker/embedded";
import { brokerLimits, type BrokerLimits } from "./broker/limits";
import { connectExternalBroker, redact } from "./broker/external";
import type { BrokerLink } from "./broker/link";
import { MqttUserStore } from "./broker/mqtt-users";
import { openDatabase } from "./core/db";
import {
  demoDevicesOf,
  householdSchemaOf,
  migrationsOf,
  type Cleanup,
  type DomainContext,
  type DomainRoutes,
  type HubDomain,
} from "./core/domain";
import { SessionRegistry } from "./core/session-registry";
import { SessionPanels } from "./core/session-panels";
import { devicesDomain } from "./devices/domain";
import type { Devices } from "./devices/start";
import type { PushOptions } from "./push/options";
import { HUB_DOMAINS } from "./domains";
import { anyKnown, householdDevices, OfferedDevices } from "./household/devices";
import { loadHousehold } from "./household/load";
import { frameworkErrors, installErrorHandlers } from "./http/errors";
import { installJsonBodyParser } from "./http/json-body";
import { mqttWebSocketRoute } from "./http/mqtt-ws";
import { installCompression } from "./http/compression";
import { installSecurityHeaders } from "./http/security";
import { shellStyleHashes } from "./http/shell-style";
import { installStatic } from "./http/static";
import { installWriteGuard } from "./http/write-guard";
import { settingsDomain } from "./settings/domain";
import { startSimulator } from "./simulator/simulator";
import { availabilityGuardedLink, DeviceAvailability } from "./broker/availability";
import { GPS_TILE_URL_SETTING, tileUrlOrigin } from "../contract/gps";
import { holdDataDir } from "./backup/lock";
import { startNightlyBackup, type NightlyBackupOptions, type ScheduleOnce } from "./backup/nightly";
import { startCertificates, type TlsCertificates, type TlsSettings } from "./tls/certificates";
import { registerOnboarding } from "./tls/onboarding";
import { listenHttps } from "./tls/https-server";
import { certificateServes } from "./tls/names";
import { installHealthCheck, installHttpsRedirect } from "./tls/redirect";
import type { CalendarOptions } from "./calendar/service";

/** The longest the hub waits at start for the broker to confirm its subscriptions, ms. */
const SUBSCRIPTIONS_WAIT_MS = 5_000;

export interface HubOptions {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  mqttUrl?: string;
  mqttWsUrl?: string;
  /** 0 = no TCP listener */
  mqttPort: number;
  /** HUB_TLS, HUB_TLS_CERT / HUB_TLS_KEY, HUB_TLS_NAMES (tls/certificates.ts); absent = off. */
  tls?: TlsSettings;
  /** HUB_HTTPS_PORT (default 8443; 0 = any free port) when `tls` is not off. */
  httpsPort?: number;
  /** HUB_MQTTS_PORT: the embedded broker's MQTT-over-TLS port when `tls` is not off (default 8883; 0 = none). */
  mqttsPort?: number;
  /** HUB_MQTT_ALLOW_ANONYMOUS: admit devices without credentials on the TCP listener (docs/security.md); default false. */
  mqttAllowAnonymous?: boolean;
  demo: boolean;
  simulator: boolean;
  simulatorIntervalMs: number;
  /** HUB_DEMO_CAMERA_FPS: frames per second of the simulated cameras (1..60); absent = 5 (hub/cameras/source.ts SIM_FPS). */
  demoCameraFps?: number;
  householdConfigPath?: string;
  logLevel: string;
  /** Where the log lines go (pino's destination: one JSON line per `write`); absent = stdout. */
  logStream?: { write(line: string): void };
  /** HUB_TRUST_PROXY: proxies (IPs, CIDRs, `loopback`) whose X-Forwarded-* headers count; absent = none. */
  trustProxy?: string[];
  /** HUB_MQTT_MAX_*: the embedded broker's limits (broker/limits.ts); absent ones keep their defaults. */
  mqttLimits?: Partial<BrokerLimits>;
  /** HUB_BACKUP_*: the nightly backup (backup/nightly.ts); absent or `keep: 0` = none. `now` and `schedule` are for tests. */
  backup?: NightlyBackupOptions & { now?: () => Date; schedule?: ScheduleOnce };
  /**
   * The domains this hub runs (default: all, hub/domains.ts HUB_DOMAINS), in start order. A domain
   * left out is absent everywhere: its routes answer 404, its household sections are ignored (with a
   * warning), its tables are not created, its automation actions end `unavailable`, its demo devices
   * are not simulated. `auth`, `bridge` and `devices` are required.
   */
  domains?: readonly HubDomain[];
  /** HUB_CALENDAR_INTERVAL_MS and the calendars' fetch bounds and clock (calendar/service.ts); absent = defaults. */
  calendar?: CalendarOptions;

  /**
   * HUB_PANEL_OFFLINE_AFTER_MS (tests: how long a panel may be quiet before it is offline; default
   * PANEL_OFFLINE_AFTER_MS) and HUB_PANEL_COMMAND_CLOCK_SKEW_MS (tests: added to the `at` the hub
   * stamps on panel commands, so a negative skew sends commands that are already old; default 0).
   */
  panels?: { offlineAfterMs?: number; commandClockSkewMs?: number };

  /** HUB_PUSH_*: Web Push (push/options.ts); absent fields keep their defaults. */
  push?: PushOptions;
}

export interface RunningHub {
  url: string;
  port: number;
  mqttPort: number | null;
  /** `https://<host>:<port>` when the hub serves HTTPS, else null. */
  httpsUrl: string | null;
  httpsPort: number | null;
  /** The embedded broker's MQTT-over-TLS port, or null. */
  mqttsPort: number | null;
  /** The hub's TLS certificates (the onboarding page reads the CA from them), or null when TLS is off. */
  certificates: TlsCertificates | null;
  /** The device registry and the command path through capabilities (hub/devices). */
  devices: Devices;
  close(): Promise<void>;
}

/**
 * Starts the hub (DESIGN.md §2): SQLite store under `dataDir`, the broker (embedded Aedes with
 * `/mqtt` WebSocket and optional TCP on `mqttPort`, or external at `mqttUrl` with `mqttWsUrl`
 * handed to browsers), the device bridge, the simulator (demo), the API bases and the built
 * dashboard from `distDir`. `port: 0` picks a free port. Rejects on a bad household file, a
 * missing `mqttWsUrl` with `mqttUrl`, or a port in use; nothing is left running then.
 */
/** The one start-up line: URL, broker mode, demo yes/no (main.ts prints it). */
export function startupLine(
  url: string,
  broker: string,
  options: Pick<HubOptions, "demo" | "simulator">,
  httpsUrl: string | null = null,
): string {
  const demo = options.demo
    ? `yes (login demo / demo, PIN 1357)${options.simulator ? ", simulator on" : ", simulator off"}`
    : "no";
  return `hub ready on ${url}${httpsUrl ? ` and ${httpsUrl}` : ""} | broker: ${broker} | demo: ${demo}`;
}

/** How the broker is reached, for the start-up line (passwords redacted). */
export function brokerMode(options: Pick<HubOptions, "mqttUrl" | "mqttPort" | "mqttsPort">): string {
  if (options.mqttUrl) return `external ${redact(options.mqttUrl)}`;
  const tcp = options.mqttPort === 0 ? "" : ` + TCP :${options.mqttPort}`;
  const tls = !options.mqttsPort ? "" : ` + TLS :${options.mqttsPort}`;
  return tcp === "" && tls === "" ? "embedded (WebSocket /mqtt only)" : `embedded (WebSocket /mqtt${tcp}${tls})`;
}

export async function startHub(options: HubOptions): Promise<RunningHub> {
  if (options.mqttUrl && !options.mqttWsUrl) {
    throw new Error("HUB_MQTT_WS_URL is required when HUB_MQTT_URL is set: browsers need the broker's WebSocket URL");
  }
  const domains = options.domains ?? HUB_DOMAINS;
  for (const required of [authDomain, bridgeDomain, devicesDomain])
    if (!domains.includes(required)) throw new Error(`the hub needs the ${required.name} domain`);
  const {
    household,
    path: householdPath,
    ignored,
  } = loadHousehold({
    configPath: options.householdConfigPath,
    dataDir: options.dataDir,
    demo: options.demo,
    sections: householdSchemaOf(domains).entries,
  });
  const db = openDatabase(options.dataDir, migrationsOf(domains));
  const lock = holdDataDir(options.dataDir);
  const cleanups: Cleanup[] = [() => lock.release(), () => void db.close()];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // keep closing the rest
      }
    }
  };

  try {
    const app = Fastify({
      logger: { level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
      bodyLimit: 256 * 1024,
      forceCloseConnections: true,
      logController: new LogController({ disableRequestLogging: true }),
      trustProxy: options.trustProxy?.length ? options.trustProxy : false,
      frameworkErrors,
    });
    const log = app.log;
    for (const section of ignored)
      log.warn({ section, household: householdPath }, "household section ignored: its domain is not on this hub");
    if (options.backup && options.backup.keep > 0) {
      const nightly = startNightlyBackup({
        ...options.backup,
        dataDir: options.dataDir,
        householdConfigPath: options.householdConfigPath,
        db,
        log,
      });
      cleanups.push(() => nightly.stop());
    }
    cleanups.push(() => app.close());
    const tls = options.tls ?? { mode: "off" };
    const certificates = tls.mode === "off" ? null : await startCertificates(tls, options.dataDir, log);
    if (certificates) cleanups.push(() => certificates.close());
    const httpsPort = options.httpsPort ?? 8443;
    let boundHttpsPort = httpsPort; // the bound one once listening (HUB_HTTPS_PORT=0 picks any)
    if (certificates)
      installHttpsRedirect(
        app,
        () => boundHttpsPort,
        (name) => certificateServes(certificates.current().cert, name),
      );

    let embedded: EmbeddedBroker | null = null;
    let link: BrokerLink;
    // Which panel each session's browser is: the panels domain binds them, the embedded broker reads them.
    const sessionPanels = new SessionPanels();
    if (options.mqttUrl) {
      link = await connectExternalBroker({ url: options.mqttUrl, log });
    } else {
      embedded = await startEmbeddedBroker({
        host: options.host,
        tcpPort: options.mqttPort,
        log,
        users: new MqttUserStore(db),
        allowAnonymous: options.mqttAllowAnonymous === true,
        limits: brokerLimits(options.mqttLimits),
        sessionPanels,
        ...(certificates && (options.mqttsPort ?? 8883) !== 0
          ? { tls: { port: options.mqttsPort ?? 8883, certificates } }
          : {}),
      });
      link = embedded;
    }
    cleanups.push(() => link.close());

    // The devices the hub acts for: the household file's, and the Zigbee2MQTT lights it found (household/devices.ts).
    const offeredLights = new OfferedDevices("zigbee2mqtt");
    const known = anyKnown(householdDevices(household), offeredLights);
    // The one reader of device MQTT: each raw message parsed once, handed to every domain that follows it.
    const router = new DeviceRouter(link, log, {}, { frigateBase: household.frigate?.mqttBase });
    // Device commands go through a link that refuses devices known offline (LWT / availability).
    const commandLink = availabilityGuardedLink(link, new DeviceAvailability(known).start(link, router));
    const sessionHolds = new SessionRegistry();
    // The automations' action registry: each domain with actions registers its executors here.
    const actions = new ActionRunner();
    const services = new Map<HubDomain, unknown>();
    const routes = new Map<string, DomainRoutes>();
    const serviceOf = <S>(domain: HubDomain<S>): S | undefined =>
      services.has(domain) ? (services.get(domain) as S) : undefined;
    const demoContext = { link, log, household, intervalMs: options.simulatorIntervalMs };
    for (const domain of domains) {
      const context: DomainContext = {
        options,
        db,
        link,
        commandLink,
        household,
        log,
        router,
        sessions: sessionHolds,
        sessionPanels,
        known,
        offeredLights,
        brokerLimitStats: embedded?.limitStats,
        actions,
        domains,
        get: (other) => {
          if (!services.has(other))
            throw new Error(`domain ${domain.name} needs domain ${other.name}, listed before it (hub/domains.ts)`);
          return serviceOf(other) as never;
        },
        find: serviceOf,
      };
      const starter = options.simulator ? domain.demo?.start : undefined;
      if (starter) {
        const simulated = await starter(demoContext);
        cleanups.push(() => simulated.stop());
      }
      const started = await domain.start(context);
      services.set(domain, started.service);
      for (const [set, plugin] of Object.entries(started.routes ?? {})) routes.set(set, plugin);
      if (started.stop) cleanups.push(started.stop);
    }
    const auth = serviceOf(authDomain);
    if (!auth) throw new Error("the hub needs the auth domain");
    if (options.simulator) {
      const simulator = startSimulator({
        link,
        intervalMs: options.simulatorIntervalMs,
        log,
        devices: demoDevicesOf(domains),
      });
      cleanups.push(() => simulator.stop());
    }

    await app.register(fastifyCookie);
    await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
    // The GPS map's tile server may serve images (CSP img-src); read from the settings at most once a second.
    const settingsStore = serviceOf(settingsDomain)?.store;
    let tileOrigin = { at: 0, origin: null as string | null };
    const tileImageOrigin = () => {
      if (settingsStore && Date.now() - tileOrigin.at > 1000)
        tileOrigin = { at: Date.now(), origin: tileUrlOrigin(settingsStore.get(GPS_TILE_URL_SETTING)) };
      return tileOrigin.origin;
    };
    installSecurityHeaders(app, shellStyleHashes(options.distDir), tileImageOrigin);
    installJsonBodyParser(app);
    installHealthCheck(app);
    installWriteGuard(app);
    const onNotFoundOther = await installStatic(app, options.distDir);
    installErrorHandlers(app, onNotFoundOther);
    // The onboarding page and the CA download: public, over HTTP too (exempt from the HTTPS redirect).
    await registerOnboarding(app, {
      caPem: () => certificates?.caCertificatePem() ?? null,
      httpsPort: () => (certificates ? boundHttpsPort : null),
      serves: (name) => certificates === null || certificateServes(certificates.current().cert, name),
    });
    await installCompression(app); // after the (precompressed) static files, before the API
    await registerApiBases(app, auth, routes, apiBaseTable(domains));
    if (embedded) await app.register(mqttWebSocketRoute({ auth, broker: embedded, connections: sessionHolds, log }));

    try {
      // Every domain's subscriptions in place before the hub says it is ready (a device message sent
      // right after start is not missed); a broker that does not answer within 5 s only delays it.
      await Promise.race([
        link.subscriptionsSettled?.(),
        new Promise((resolve) => setTimeout(resolve, SUBSCRIPTIONS_WAIT_MS).unref()),
      ]);
      await app.listen({ port: options.port, host: options.host });
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
        throw new Error(`HTTP port ${options.port} is already in use (set PORT to another port)`);
      }
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const shownHost = options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
    const url = `http://${shownHost}:${port}`;
    let https: { port: number; url: string } | null = null;
    if (certificates) {
      const listener = await listenHttps(app, certificates, httpsPort, options.host);
      boundHttpsPort = listener.port;
      cleanups.push(() => listener.close());
      https = { port: listener.port, url: `https://${shownHost}:${listener.port}` };
    }
    log.debug(
      { household: householdPath ?? "(empty)", dataDir: options.dataDir },
      startupLine(url, link.description, options),
    );
    let closing: Promise<void> | null = null;
    return {
      url,
      port,
      mqttPort: embedded?.tcpPort ?? null,
      httpsUrl: https?.url ?? null,
      httpsPort: https?.port ?? null,
      mqttsPort: embedded?.tlsPort ?? null,
      certificates,
      devices: serviceOf(devicesDomain) as Devices,
      close: () => (closing ??= closeAll()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
