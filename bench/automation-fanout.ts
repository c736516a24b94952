/**
 * Automation fan-out against a real hub (docs/security.md "attacks"): one session creates
 * BENCH_AUTOMATIONS (1,000) doorbell automations of BENCH_ACTIONS (20) notify actions each through
 * `POST /api/v2/automation`, until the hub refuses one; then the household's Zigbee2MQTT doorbell
 * button is pressed once from the device end (a real MQTT device user), and a dashboard's live
 * channel (`/mqtt`, a real browser session) counts what reaches it for BENCH_RING_S seconds (10).
 * Prints:
 * - automations accepted, and the first refusal (status, code, message);
 * - the latency of the household's 1st, 200th and last accepted create (the demo household starts
 *   with its own few, which count), and the median of each block of 100;
 * - after the ring: runs (`automation/run`) and toasts (`automation/notify`) received, and the
 *   slowest of an unrelated `GET /api/v2/heater/config` polled every 100 ms meanwhile.
 * Prints figures; never passes or fails. Run: `npx tsx bench/automation-fanout.ts`.
 */
import {
  AUTOMATION_NOTIFY_TOPIC,
  AUTOMATION_RUN_TOPIC,
  AUTOMATIONS_PATH,
  AutomationsAnswerSchema,
} from "../contract/automations";
import { call, connectBrowser, connectDevice, freePort, jsonOf, login, startTestHub } from "../hub/testing/harness";

const automations = Number(process.env.BENCH_AUTOMATIONS ?? "1000");
const actionsEach = Number(process.env.BENCH_ACTIONS ?? "20");
const ringSeconds = Number(process.env.BENCH_RING_S ?? "10");
const BASE = "/api/v2";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const hub = await startTestHub({ mqttPort: await freePort() });
  try {
    const cookie = await login(hub);
    const existing = (
      await jsonOf(await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie }), AutomationsAnswerSchema)
    ).items.length;
    const latencies: number[] = [];
    let refusal: string | null = null;
    for (let index = 0; index < automations; index++) {
      const body = {
        name: `Dzwonek ${index + 1}`,
        trigger: { type: "doorbell" },
        actions: Array.from({ length: actionsEach }, (_, n) => ({
          kind: "notify",
          message: `Ktoś dzwoni (${index + 1}.${n + 1})`,
        })),
      };
      const started = performance.now();
      const response = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body });
      const text = await response.text();
      const took = performance.now() - started;
      if (response.status !== 200) {
        refusal = `${response.status} ${text}`;
        break;
      }
      latencies.push(took);
    }
    /** The latency of the create that made the household's `n`th automation. */
    const at = (n: number) => {
      const took = latencies[n - existing - 1];
      return took === undefined ? "-" : `${took.toFixed(1)} ms`;
    };
    const last = existing + latencies.length;
    console.log(
      `\nAutomation fan-out: doorbell automations of ${actionsEach} notify actions each (the household had ${existing})`,
    );
    console.log(
      `accepted           ${latencies.length} of ${automations} asked${refusal ? `; then refused: ${refusal}` : ""}`,
    );
    console.log(
      `create latency     household's ${existing + 1}th ${at(existing + 1)}, 200th ${at(200)}, last (${last}th) ${at(last)}`,
    );
    const blocks: string[] = [];
    for (let start = 0; start < latencies.length; start += 100)
      blocks.push(
        `${start + 1}-${Math.min(start + 100, latencies.length)}: ${median(latencies.slice(start, start + 100)).toFixed(1)}`,
      );
    console.log(`median per 100     ${blocks.join(", ")} (ms)`);

    const browser = await connectBrowser(hub, cookie);
    const device = await connectDevice(hub, "zigbee2mqtt");
    let runs = 0;
    let toasts = 0;
    browser.on("message", (topic) => {
      if (topic === AUTOMATION_RUN_TOPIC) runs += 1;
      if (topic === AUTOMATION_NOTIFY_TOPIC) toasts += 1;
    });
    await browser.subscribeAsync([AUTOMATION_RUN_TOPIC, AUTOMATION_NOTIFY_TOPIC], { qos: 1 });
    const rung = performance.now();
    device.publish("zigbee2mqtt/dzwonek_brama", JSON.stringify({ action: "single", battery: 90 }));
    const unrelated: number[] = [];
    while (performance.now() - rung < ringSeconds * 1000) {
      const started = performance.now();
      await (await call(hub, "GET", `${BASE}/heater/config`, { cookie })).arrayBuffer();
      unrelated.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`one ring, ${ringSeconds} s   ${runs} runs, ${toasts} toasts at a dashboard`);
    console.log(
      `unrelated GET      median ${median(unrelated).toFixed(1)} ms, slowest ${Math.max(...unrelated).toFixed(1)} ms (${unrelated.length} calls)`,
    );
    browser.end(true);
    device.end(true);
  } finally {
    await hub.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
