import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { LogController } from "fastify";
import { registerApiBases } from "./api-bases";
import { AuthService } from "./auth/auth-service";
import { seedDemoUser } from "./auth/demo-seed";
import { dummySecretHash } from "./auth/kdf";
import { authRoutes } from "./auth/routes";
import { SessionStore } from "./auth/session-store";
import { SessionWatch } from "./auth/session-watch";
import { UserStore } from "./auth/user-store";
import { startBridge } from "./bridge/bridge";
import { DeviceRouter } from "./bridge/router";
import { bridgeRoutes } from "./bridge/routes";
import { startEmbeddedBroker, type EmbeddedBroker } from "./broker/embedded";
import { brokerLimits, type BrokerLimits } from "./broker/limits";
import { connectExternalBroker, redact } from "./broker/external";
import type { BrokerLink } from "./broker/link";
import { MqttUserStore } from "./broker/mqtt-users";
import { configRoutes } from "./config/routes";
import { startCameras } from "./cameras/start";
import { openDb } from "./core/db";
import { SessionRegistry } from "./core/session-registry";
import { anyKnown, householdDevices, OfferedDevices } from "./household/devices";
import { loadHousehold } from "./household/load";
import { lightsRoutes } from "./lights/routes";
import { LightsService } from "./lights/service";
import { frameworkErrors, installErrorHandlers } from "./http/errors";
import { garageRoutes } from "./garage/routes";
import { GarageService } from "./garage/service";
import { installJsonBodyParser } from "./http/json-body";
import { mqttWebSocketRoute } from "./http/mqtt-ws";
import { installCompression } from "./http/compression";
import { installSecurityHeaders } from "./http/security";
import { shellStyleHashes } from "./http/shell-style";
import { installStatic } from "./http/static";
import { installWriteGuard } from "./http/write-guard";
import { PreferencesStore } from "./preferences/store";
import { preferencesRoutes } from "./preferences/routes";
import { settingsRoutes } from "./settings/routes";
import { SettingsService } from "./settings/service";
import { SettingsStore } from "./settings/store";
import { startSimulator } from "./simulator/simulator";
import { startSimulatedIpCameras } from "./simulator/ip-cameras";
import { switchesRoutes } from "./switches/routes";
import { historyRoutes } from "./history/routes";
import { startHistory } from "./history/service";
import { SwitchDefinitions } from "./switches/edits";
import { relayCommands } from "./switches/relays";
import { SwitchService } from "./switches/service";
import { startGarageLight } from "./garage/light";
import { watchdogRoutes } from "./watchdog/routes";
import { WatchdogService } from "./watchdog/service";
import { availabilityGuardedLink, DeviceAvailability } from "./broker/availability";
import { TasmotaConsole } from "./switches/console";
import { irRoutes } from "./ir/routes";
import { IrService } from "./ir/service";
import { IrStore } from "./ir/store";
import { startAutomations } from "./automations/start";
import { automationsRoutes } from "./automations/routes";
import { registerDeviceExecutors } from "./automations/device-executors";
import { sessionEndedTopic, type SessionEndedPayload } from "../contract/auth";
import { GPS_TILE_URL_SETTING, tileUrlOrigin } from "../contract/gps";
import { gpsRoutes } from "./gps/routes";
import { GpsService } from "./gps/service";
import { GpsStore } from "./gps/store";
import { pvRoutes } from "./pv/routes";
import { PvService } from "./pv/service";
import { PvStore } from "./pv/store";
import { AcService } from "./climate/ac-service";
import { HeaterService } from "./climate/heater-service";
import { HeaterStore } from "./climate/heater-store";
import { climateRoutes } from "./climate/routes";
import { holdDataDir } from "./backup/lock";
import { startNightlyBackup, type NightlyBackupOptions, type ScheduleOnce } from "./backup/nightly";
import { startCertificates, type TlsCertificates, type TlsSettings } from "./tls/certificates";
import { registerOnboarding } from "./tls/onboarding";
import { listenHttps } from "./tls/https-server";
import { certificateServes } from "./tls/names";
import { installHealthCheck, installHttpsRedirect } from "./tls/redirect";
import { devicesRoutes } from "./devices/routes";
import { startDevices, type Devices } from "./devices/start";

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
  const { household, path: householdPath } = loadHousehold({
    configPath: options.householdConfigPath,
    dataDir: options.dataDir,
    demo: options.demo,
  });
  const db = openDb(options.dataDir);
  const lock = holdDataDir(options.dataDir);
  const cleanups: (() => Promise<void> | void)[] = [() => lock.release(), () => void db.close()];
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
    const users = new UserStore(db);
    if (options.demo && (await seedDemoUser(users)))
      log.info({ login: "demo" }, "created demo user demo / demo, PIN 1357");
    const sessionHolds = new SessionRegistry();
    const sessionStore = new SessionStore(db);
    const auth = new AuthService(users, sessionStore, sessionHolds);
    await dummySecretHash(); // computed now, so the first unknown login costs no more than later ones

    let embedded: EmbeddedBroker | null = null;
    let link: BrokerLink;
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
        ...(certificates && (options.mqttsPort ?? 8883) !== 0
          ? { tls: { port: options.mqttsPort ?? 8883, certificates } }
          : {}),
      });
      link = embedded;
    }
    cleanups.push(() => link.close());
    // A session's end on the live channel: browsers on an external broker learn it there (the hub cannot close their socket).
    cleanups.push(
      sessionHolds.onEnded(({ hash, reason }) =>
        link.publish(
          sessionEndedTopic(hash),
          JSON.stringify({ reason, time: new Date().toISOString() } satisfies SessionEndedPayload),
          { retain: false, qos: 1 },
        ),
      ),
    );
    // Sessions the CLI ends (user passwd, user remove) end here too within about a second.
    const sessionWatch = new SessionWatch(sessionStore, sessionHolds, log);
    cleanups.push(() => sessionWatch.close());

    const settingsStore = new SettingsStore(db);
    const settings = new SettingsService(
      settingsStore,
      link,
      new Map(household.switches.map((item) => [item.name, relayCommands(item)])),
    );
    settings.republishAll((key, problem) =>
      log.warn({ key, problem }, "stored setting breaks the limits: not republished"),
    );
    // The devices the hub acts for: the household file's, and the Zigbee2MQTT lights it found (household/devices.ts).
    const foundLights = new OfferedDevices("zigbee2mqtt");
    const known = anyKnown(householdDevices(household), foundLights);
    // The one reader of device MQTT: each raw message parsed once, handed to every domain that follows it.
    const router = new DeviceRouter(link, log);
    const bridge = startBridge(link, household, log, { known, limits: brokerLimits(options.mqttLimits), router });
    // Device commands go through a link that refuses devices known offline (LWT / availability).
    const commandLink = availabilityGuardedLink(link, new DeviceAvailability(known).start(link, router));
    // The device registry (capabilities in the exposes vocabulary) and commands through a capability.
    const devices = startDevices(router, commandLink, household, log);
    const lights = new LightsService(commandLink, household.lights ?? [], log)
      .onZigbeeDevices((devices) => foundLights.offer(devices))
      .start(router);
    const switchService = new SwitchService(household.switches, devices.commands);
    const watchdog = new WatchdogService(link, settings, household, log).start();
    startGarageLight({ link, switches: switchService, setting: () => settings.get("garageLight"), log });
    const history = startHistory(db, link, log, household);
    cleanups.push(() => history.stop());
    const gps = new GpsService(link, household.gps, new GpsStore(db), log).start(router);
    const heater = new HeaterService(commandLink, devices.commands, household, new HeaterStore(db), log).start();
    const ac = new AcService(commandLink, household).start();
    cleanups.push(
      () => heater.stop(),
      () => ac.stop(),
    );
    if (options.simulator) {
      const simulator = startSimulator({ link, intervalMs: options.simulatorIntervalMs, log });
      cleanups.push(() => simulator.stop());
      const ipCameras = await startSimulatedIpCameras(household.cameras ?? [], log);
      cleanups.push(() => ipCameras.stop());
    }

    await app.register(fastifyCookie);
    await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
    // The GPS map's tile server may serve images (CSP img-src); read from the settings at most once a second.
    let tileOrigin = { at: 0, origin: null as string | null };
    const tileImageOrigin = () => {
      if (Date.now() - tileOrigin.at > 1000)
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
    const switchDefinitions = new SwitchDefinitions(household.switches, db);
    const garageService = new GarageService(commandLink, household);
    const ir = new IrService(household.ir ?? [], commandLink, new IrStore(db), log).start(router);
    const automations = startAutomations({
      db,
      link,
      household,
      log,
      switches: switchService,
      lights,
      garage: garageService,
      demo: options.demo,
    });
    registerDeviceExecutors(automations.runner, {
      heater,
      ac,
      acUnits: (household.ac ?? []).map((unit) => unit.id),
      ir,
      hasHeater: household.heater !== undefined,
    });
    cleanups.push(() => automations.stop());
    const cameras = startCameras({
      household,
      db,
      link,
      log,
      sessions: sessionHolds,
      demo: options.demo && options.simulator,
      dataDir: options.dataDir,
      demoCameraFps: options.demoCameraFps,
      router,
    });
    cleanups.push(() => cameras.close());
    await registerApiBases(app, auth, {
      auth: authRoutes({ auth }),
      preferences: preferencesRoutes({ preferences: new PreferencesStore(db) }),
      settings: settingsRoutes({ settings }),
      config: configRoutes({
        household,
        switches: switchDefinitions,
        settings: settingsStore,
        mqttWsUrl: options.mqttUrl ? options.mqttWsUrl : undefined,
      }),
      bridge: bridgeRoutes({ bridgeStats: bridge.stats, brokerLimitStats: embedded?.limitStats }),
      cameras: cameras.routes,
      garage: garageRoutes({ garage: garageService }),
      lights: lightsRoutes({ lights }),
      switches: switchesRoutes({
        switches: switchService,
        definitions: switchDefinitions,
        tasmotaConsole: new TasmotaConsole(household.switches, commandLink, auth, log).start(router),
      }),
      watchdog: watchdogRoutes({ watchdog }),
      ir: irRoutes({ ir }),
      history: historyRoutes({ history }),
      automations: automationsRoutes({ automations: automations.service }),
      camerasV5: cameras.v5Routes,
      camerasConfig: cameras.configRoutes,
      gps: gpsRoutes({ gps }),
      pv: pvRoutes({ pv: new PvService(new PvStore(db)) }),
      climate: climateRoutes({ heater, ac }),
      devices: devicesRoutes({ registry: devices.registry }),
    });
    if (embedded) await app.register(mqttWebSocketRoute({ auth, broker: embedded, connections: sessionHolds, log }));

    try {
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
      devices,
      close: () => (closing ??= closeAll()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
