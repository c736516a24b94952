// @vitest-environment node
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { liveConnectionStateAtom, liveStatsAtom, liveValueAtom } from "./atoms";
import { publishFromBroker, startTestBroker, waitFor } from "../../lib/mqtt/testBroker";
import { startLive } from "./start";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("startLive against a real broker (spec §7 live channel)", () => {
  it("puts each published reading into its topic's atom and tracks the connection state", async () => {
    const { url, broker, close } = await startTestBroker();
    cleanups.push(close);

    const store = createStore();
    expect(store.get(liveConnectionStateAtom)).toBe("idle");
    const stop = startLive(store, url, { schedule: (cb) => setTimeout(cb, 0) });
    cleanups.push(stop);
    await waitFor(() => store.get(liveConnectionStateAtom) === "connect");
    await new Promise((resolve) => setTimeout(resolve, 50));

    const publish = (topic: string, payload: string) => publishFromBroker(broker, topic, payload);
    await publish("sensor/temp/balcony", '{"value":-4.2,"time":"2026-11-20T12:00:00Z"}');
    await waitFor(() => store.get(liveValueAtom("sensor/temp/balcony")) !== undefined);
    const balcony = store.get(liveValueAtom("sensor/temp/balcony"));
    expect(balcony?.value).toEqual({ value: -4.2, time: "2026-11-20T12:00:00Z" });

    await publish("sensor/temp/outside", '{"value":1.5,"time":"2026-11-20T12:00:01Z"}');
    await waitFor(() => store.get(liveValueAtom("sensor/temp/outside")) !== undefined);
    expect(store.get(liveValueAtom("sensor/temp/balcony"))).toBe(balcony);
    expect(store.get(liveStatsAtom)).toMatchObject({ received: 2, applied: 2, dropped: 0 });

    stop();
    expect(store.get(liveConnectionStateAtom)).toBe("end");
  });

  it("reports a broker it cannot reach as not connected", async () => {
    const store = createStore();
    const stop = startLive(store, "mqtt://127.0.0.1:1");
    cleanups.push(stop);
    await waitFor(() => !["idle", "connect"].includes(store.get(liveConnectionStateAtom)));
    expect(store.get(liveConnectionStateAtom)).not.toBe("connect");
  });
});
