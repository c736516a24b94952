import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, test as base, type BrowserContext } from "@playwright/test";
import { chromiumPath } from "../../playwright.config";
import * as v from "valibot";
import { SensorListSchema } from "../../contract/sensors";
import { expect, loginThroughUi, pickSensor } from "./support/fixtures";
import { nativeReading, publishDevice } from "./support/mqtt";
import { startTestHub, type TestHub } from "./support/hub";
import { freePort } from "./support/ports";

// HTTPS by default: a wall tablet opens the hub by its LAN name (hub.lan, mapped to loopback by
// Chromium's --host-resolver-rules) and trusts the hub's own CA through its NSS database (Debian's
// libnss3-tools `certutil`, the way a household adds a CA to Chromium on Linux). There the page is a
// secure context: the service worker controls it, the manifest is installable, Wake Lock exists and
// the dashboard boots offline. Plain HTTP by the same name is redirected to HTTPS.

/** A plain HTTP GET to the hub on 127.0.0.1 with `host` as the Host header, not following redirects. */
function plainGet(port: number, path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host }, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

const OFFLINE_TEXT = "Brak połączenia z serwerem — dane mogą być nieaktualne";

interface HttpsHub {
  hub: TestHub;
  httpsPort: number;
  httpPort: number;
}

const test = base.extend<{ https: HttpsHub; tablet: BrowserContext }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  https: async ({}, use) => {
    const httpsPort = await freePort();
    const hub = await startTestHub({
      env: { HUB_TLS: "on", HUB_HTTPS_PORT: String(httpsPort), HUB_MQTTS_PORT: "0", HUB_TLS_NAMES: "hub.lan" },
    });
    await use({ hub, httpsPort, httpPort: Number(new URL(hub.baseURL).port) });
    await hub.close();
  },
  // A persistent profile (not incognito: Chromium never offers to install from an incognito window).
  tablet: async ({ https }, use) => {
    // A HOME of its own: Chromium on Linux reads trusted CAs from $HOME/.pki/nssdb.
    const home = mkdtempSync(join(tmpdir(), "e2e-nss-"));
    const nssdb = join(home, ".pki", "nssdb");
    mkdirSync(nssdb, { recursive: true });
    execFileSync("certutil", ["-d", `sql:${nssdb}`, "-N", "--empty-password"]);
    execFileSync("certutil", [
      "-d",
      `sql:${nssdb}`,
      "-A",
      "-t",
      "C,,",
      "-n",
      "hub",
      "-i",
      join(https.hub.dataDir, "tls", "ca.crt"),
    ]);
    const context = await chromium.launchPersistentContext(join(home, "profile"), {
      executablePath: chromiumPath,
      serviceWorkers: "allow",
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
      env: { ...process.env, HOME: home },
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP hub.lan 127.0.0.1",
      ],
    });
    await use(context);
    await context.close();
    rmSync(home, { recursive: true, force: true });
  },
});

test.describe("HTTPS on the home network", () => {
  test.setTimeout(120_000);

  test("a tablet trusting the hub's CA opens https://hub.lan: secure context, service worker in control, installable, Wake Lock, live readings over wss, offline boot", async ({
    https,
    tablet,
  }) => {
    const page = await tablet.newPage();
    const origin = `https://hub.lan:${https.httpsPort}`;
    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => "wakeLock" in navigator)).toBe(true);
    const cdp = await tablet.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

    await loginThroughUi(page, { baseURL: `${origin}/` });
    const config = await page.evaluate(
      async () => (await (await fetch("/api/v2/config")).json()) as { item: { mqttConnectionString: string } },
    );
    expect(config.item.mqttConnectionString).toBe(`wss://hub.lan:${https.httpsPort}/mqtt`);
    // The live channel over wss: a device's reading reaches the tile.
    const sensors = v.parse(
      SensorListSchema,
      await page.evaluate(async () => (await fetch("/api/v2/config/sensors")).json()),
    ).items;
    const sensor = pickSensor(sensors, "a temperature sensor", (item) => item.kind === "temp");
    const reading = nativeReading(sensor, 4.2);
    await publishDevice(https.hub, reading.topic, reading.payload);
    await expect(page.getByTestId(`sensor-temp-${sensor.place}`).getByTestId("sensor-value")).toHaveText("4,2°C");

    await https.hub.stop();
    await page.reload();
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
  });

  test("the same name over plain HTTP is redirected to HTTPS; localhost over HTTP is not; a browser without the CA refuses the certificate", async ({
    https,
    tablet,
  }) => {
    const page = await tablet.newPage();
    const plain = await plainGet(https.httpPort, "/ustawienia", `hub.lan:${https.httpPort}`);
    expect(plain.status).toBe(308);
    expect(plain.location).toBe(`https://hub.lan:${https.httpsPort}/ustawienia`);
    await page.goto(`http://hub.lan:${https.httpPort}/`);
    expect(page.url()).toBe(`https://hub.lan:${https.httpsPort}/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    for (const path of ["/healthz", "/ca.crt"]) {
      expect((await plainGet(https.httpPort, path, `hub.lan:${https.httpPort}`)).status, path).not.toBe(308);
    }
    for (const host of [`localhost:${https.httpPort}`, `127.0.0.1:${https.httpPort}`])
      expect((await plainGet(https.httpPort, "/", host)).status, host).toBe(200);
    // Without the CA in its NSS database Chromium refuses the hub's certificate: the trust above is what makes it work.
    const stranger = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP hub.lan 127.0.0.1"],
    });
    try {
      const strangerPage = await stranger.newPage();
      await expect(strangerPage.goto(`https://hub.lan:${https.httpsPort}/`)).rejects.toThrow(
        /ERR_CERT_AUTHORITY_INVALID/,
      );
    } finally {
      await stranger.close();
    }
  });
});
