// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { publishFromBroker as publish, startTestBroker, waitFor } from "./testBroker";
import type { LiveWorkerCommand, LiveWorkerEvent } from "./workerProtocol";

/** The worker's global scope, as the module sees it: what it posts is recorded with its transfer list. */
type FakeScope = {
  onmessage: ((event: { data: LiveWorkerCommand }) => void) | null;
  postMessage: (event: LiveWorkerEvent, transfer?: Transferable[]) => void;
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Loads live.worker.ts into a fresh fake worker scope; answers what it posts. */
async function loadWorker(): Promise<{
  scope: FakeScope;
  posted: Array<{ event: LiveWorkerEvent; transfer: Transferable[] }>;
}> {
  const posted: Array<{ event: LiveWorkerEvent; transfer: Transferable[] }> = [];
  const scope: FakeScope = { onmessage: null, postMessage: (event, transfer = []) => posted.push({ event, transfer }) };
  vi.stubGlobal("self", scope);
  await import("./live.worker");
  return { scope, posted };
}

describe("the live worker (mqtt.js off the main thread) against a real MQTT broker", () => {
  it("posts connection states and the broker's messages in order, each payload in a buffer of its own that is transferred", async () => {
    const broker = await startTestBroker();
    cleanups.push(broker.close);
    await publish(broker.broker, "sensor/temp/balcony", '{"value":-2.5}', true);
    const { scope, posted } = await loadWorker();
    scope.onmessage?.({ data: { type: "start", url: broker.url } });
    cleanups.push(async () => scope.onmessage?.({ data: { type: "stop" } }));

    const messages = () => posted.flatMap(({ event }) => (event.type === "messages" ? event.messages : []));
    await waitFor(() => messages().length === 1);
    for (let i = 0; i < 20; i += 1) await publish(broker.broker, `power/relay_${i}/POWER`, i % 2 === 0 ? "ON" : "OFF");
    await waitFor(() => messages().length === 21);

    expect(posted[0]?.event).toEqual({ type: "state", state: "connect" });
    const received = messages().map(([topic, payload]) => [topic, new TextDecoder().decode(payload)]);
    expect(received[0]).toEqual(["sensor/temp/balcony", '{"value":-2.5}']);
    expect(received.slice(1).map(([topic]) => topic)).toEqual(
      Array.from({ length: 20 }, (_, i) => `power/relay_${i}/POWER`),
    );
    for (const { event, transfer } of posted) {
      if (event.type !== "messages") continue;
      // Each payload owns exactly its bytes (not a view into the WebSocket frame) and is in the transfer list.
      for (const [, payload] of event.messages)
        expect(payload.byteOffset === 0 && payload.buffer.byteLength === payload.byteLength).toBe(true);
      expect(transfer).toEqual(event.messages.map(([, payload]) => payload.buffer));
    }
    // Batched: far fewer posts than messages.
    expect(posted.filter(({ event }) => event.type === "messages").length).toBeLessThan(21);
  });

  it("on stop ends the MQTT connection and then says closed; an invalid URL reports error, never throws", async () => {
    const broker = await startTestBroker();
    cleanups.push(broker.close);
    const { scope, posted } = await loadWorker();
    scope.onmessage?.({ data: { type: "start", url: broker.url } });
    await waitFor(() => posted.some(({ event }) => event.type === "state" && event.state === "connect"));
    scope.onmessage?.({ data: { type: "stop" } });
    await waitFor(() => posted.some(({ event }) => event.type === "closed"));
    const states = posted.flatMap(({ event }) => (event.type === "state" ? [event.state] : []));
    expect(states.at(-1)).toBe("end");
    expect(posted.at(-1)?.event).toEqual({ type: "closed" });

    vi.resetModules();
    const second = await loadWorker();
    second.scope.onmessage?.({ data: { type: "start", url: "ws://127.0.0.1:1", topicFilter: "a/#/b" } });
    expect(second.posted).toEqual([{ event: { type: "state", state: "error" }, transfer: [] }]);
  });
});
