// Device command loop (DESIGN.md §6: "press to confirmed state, simulated relay answering at once:
// under 200 ms on loopback, 1x CPU"). The real dashboard in the system Chromium (no CPU throttle),
// the real hub, and a Tasmota power strip speaking the firmware's protocol on its own MQTT login
// (tests/e2e/support/tasmota.ts: answers each `cmnd/listwa/POWER<n>` at once with `stat/…/RESULT`
// and `stat/…/POWER<n>`). One press is: the control's click -> POST /switch/{id}/set -> the hub ->
// cmnd -> the device -> stat -> the bridge -> power/listwa/POWER1 (retained) -> the browser's
// WebSocket -> the live worker -> the control showing the new state with its pending mark gone.
// Timed inside the page, from just before `click()` to the DOM showing the confirmed state, and to
// the next animation frame (when it is on screen). With the embedded broker and with Mosquitto.
// Run: `npx tsx bench/command-loop.ts` after `npm run build` (BENCH_PRESSES, default 30, per broker).
import { startTestHub, type TestHub } from "../tests/e2e/support/hub";
import { startMosquitto, type TestMosquitto } from "../tests/e2e/support/mosquitto";
import { startTasmota } from "../tests/e2e/support/tasmota";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";

const PRESSES = Number(process.env.BENCH_PRESSES ?? 30);
const WARM_UP = 3;
/** The demo household's power strip 'Listwa w biurze' (hub/household/demo.json), Tasmota topic `listwa`. */
const CONTROL_NAME = "Listwa w biurze przekaźnik 1";

/** One press, as the page saw it: ms to the confirmed state in the DOM, and to the frame after it. */
type Press = { confirmedMs: number; paintedMs: number; sawPending: boolean };

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function measure(broker: "embedded" | "mosquitto"): Promise<Press[]> {
  let mosquitto: TestMosquitto | undefined;
  let hub: TestHub | undefined;
  const browser = await launchChromium();
  try {
    if (broker === "mosquitto") mosquitto = await startMosquitto();
    hub = await startTestHub(mosquitto ? { mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl } : {});
    const deviceBroker = mosquitto
      ? { mqttTcpUrl: mosquitto.tcpUrl, deviceLogin: mosquitto.deviceLogin }
      : { mqttTcpUrl: hub.mqttTcpUrl, deviceLogin: (name: string) => (hub as TestHub).deviceLogin(name) };
    const device = await startTasmota(deviceBroker, "listwa", 3);
    try {
      const page = await browser.newPage({
        viewport: { width: 1280, height: 800 },
        locale: "pl-PL",
        timezoneId: "Europe/Warsaw",
        serviceWorkers: "block",
      });
      await loginAsDemo(page, hub.baseURL);
      await page.goto(`${hub.baseURL}/switches`);
      const control = page.getByRole("switch", { name: CONTROL_NAME });
      await control.waitFor();
      await page.waitForFunction((el) => el?.getAttribute("aria-checked") === "false", await control.elementHandle()); // the device's OFF, through the bridge
      const presses: Press[] = [];
      for (let i = 0; i < WARM_UP + PRESSES; i++) {
        const press = await control.evaluate(
          (el) =>
            new Promise<Press>((resolve, reject) => {
              const target = el.getAttribute("aria-checked") === "true" ? "false" : "true";
              let sawPending = false;
              const giveUp = setTimeout(
                () =>
                  reject(
                    new Error(
                      `no confirmed state within 5 s (aria-checked ${String(el.getAttribute("aria-checked"))})`,
                    ),
                  ),
                5_000,
              );
              const observer = new MutationObserver(() => {
                if (el.getAttribute("aria-busy") === "true") sawPending = true;
                if (el.getAttribute("aria-checked") !== target || el.getAttribute("aria-busy") === "true") return;
                const confirmedMs = performance.now() - started;
                observer.disconnect();
                clearTimeout(giveUp);
                requestAnimationFrame(() =>
                  resolve({ confirmedMs, paintedMs: performance.now() - started, sawPending }),
                );
              });
              observer.observe(el, { attributes: true, subtree: true, characterData: true, childList: true });
              const started = performance.now();
              (el as HTMLElement).click();
            }),
        );
        if (i >= WARM_UP) presses.push(press);
        await page.waitForTimeout(150); // a person's next press, not a burst
      }
      if (device.commands.length < WARM_UP + PRESSES)
        throw new Error(`the device got ${device.commands.length} commands for ${WARM_UP + PRESSES} presses`);
      return presses;
    } finally {
      await device.close();
    }
  } finally {
    await browser.close();
    await hub?.close();
    await mosquitto?.close();
  }
}

const rows: Array<[string, string, string?]> = [];
for (const broker of ["embedded", "mosquitto"] as const) {
  const presses = await measure(broker);
  const confirmed = presses.map((p) => p.confirmedMs);
  const painted = presses.map((p) => p.paintedMs);
  rows.push(
    [
      `${broker}: press -> confirmed in the DOM (median / p90 / max)`,
      `${ms(percentile(confirmed, 50))} / ${ms(percentile(confirmed, 90))} / ${ms(Math.max(...confirmed))}`,
      "under 200 ms",
    ],
    [
      `${broker}: press -> next frame (median / p90 / max)`,
      `${ms(percentile(painted, 50))} / ${ms(percentile(painted, 90))} / ${ms(Math.max(...painted))}`,
      "under 200 ms",
    ],
    [
      `${broker}: presses showing the pending mark first`,
      `${presses.filter((p) => p.sawPending).length} of ${presses.length}`,
    ],
  );
}
printTable(
  `Device command loop, 1x CPU, ${PRESSES} presses per broker after ${WARM_UP} warm-up (${new Date().toISOString()})`,
  rows,
);
