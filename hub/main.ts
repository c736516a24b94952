import { ConfigError, readConfig } from "./config";
import { HouseholdConfigError } from "./household/load";
import { brokerMode, startHub, startupLine } from "./server";
import { TLS_EXIT_CODE, TlsSetupError } from "./tls/errors";

/**
 * Entry point: env -> startHub; clean shutdown on SIGINT/SIGTERM. Run built (`npm run build`, then
 * `npm run hub:serve` / `npm run hub:demo`: `node dist-hub/main.js`, scripts/build-hub.ts) or from the
 * sources (`npx tsx hub/main.ts`).
 */
async function main(): Promise<void> {
  let options;
  try {
    options = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`hub: bad configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let hub;
  try {
    hub = await startHub(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof TlsSetupError) {
      console.error(`hub: bad TLS files: ${message}`);
      process.exit(TLS_EXIT_CODE);
    }
    const prefix = error instanceof HouseholdConfigError ? "bad household config" : "could not start";
    console.error(`hub: ${prefix}: ${message}`);
    process.exit(1);
  }
  const running = hub;
  console.log(
    startupLine(
      running.url,
      brokerMode({ ...options, mqttPort: running.mqttPort ?? 0, mqttsPort: running.mqttsPort ?? 0 }),
      options,
      running.httpsUrl,
    ),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`hub: ${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

// A promise some code forgot to handle is a bug, but not one that should take every tablet's home
// offline: Node would end the process. Say it loudly and keep serving.
process.on("unhandledRejection", (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  console.error(`hub: unhandled rejection (a bug; the hub keeps running): ${text}`);
});

void main();
