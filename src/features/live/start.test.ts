// @vitest-environment node
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { Aedes } from "aedes";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { liveConnectionStateAtom, liveStatsAtom, liveValueAtom } from "./atoms";
import { startLive } from "./start";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error("condition not met in time"));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe("startLive against a real broker (spec §7 live channel)", () => {
  it("puts each published reading into its topic's atom and tracks the connection state", async () => {
    const broker = await Aedes.createBroker();
    const server = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => broker.close(() => server.close(() => resolve()))));
    const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const store = createStore();
    expect(store.get(liveConnectionStateAtom)).toBe("idle");
    const stop = startLive(store, url, { schedule: (cb) => setTimeout(cb, 0) });
    cleanups.push(stop);
    await waitFor(() => store.get(liveConnectionStateAtom) === "connect");
    await new Promise((resolve) => setTimeout(resolve, 50));

    const publish = (topic: string, payload: string) =>
      new Promise<void>((resolve) =>
        broker.publish({ cmd: "publish", topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, () => resolve()),
      );
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
