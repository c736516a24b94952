// @vitest-environment node
import { connect, type IClientOptions } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { connectLive, LIVE_CLIENT_OPTIONS, type LiveConnectionState } from "./connection";
import { publishFromBroker as publish, startTestBroker as startBroker, waitFor } from "./testBroker";
import { webLocks } from "./testLocks";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("connectLive against a real MQTT broker (spec §7 live channel, §9 broker client)", () => {
  it("connects with the spec's client options", () => {
    expect(LIVE_CLIENT_OPTIONS).toMatchObject({
      keepalive: 60,
      reconnectPeriod: 1000,
      connectTimeout: 30_000,
      protocolVersion: 4,
      clean: true,
      queueQoSZero: false,
    });
    const seen: IClientOptions[] = [];
    const live = connectLive({
      url: "mqtt://127.0.0.1:1",
      onMessage: () => undefined,
      onState: () => undefined,
      connect: (url, options) => {
        seen.push(options);
        return connect(url, { ...options, reconnectPeriod: 0 });
      },
    });
    cleanups.push(() => live.close());
    expect(seen[0]).toMatchObject({
      keepalive: 60,
      reconnectPeriod: 1000,
      connectTimeout: 30_000,
      protocolVersion: 4,
      clean: true,
    });
  });

  it("subscribes to everything and receives retained and live messages", async () => {
    const { url, broker, close } = await startBroker();
    cleanups.push(close);
    await publish(broker, "sensor/temp/balcony", '{"value":-2.5,"time":"2026-11-20T12:00:00Z"}', true);
    const states: LiveConnectionState[] = [];
    const messages: Array<[string, string]> = [];
    const live = connectLive({
      url,
      onMessage: (topic, payload) => messages.push([topic, new TextDecoder().decode(payload)]),
      onState: (state) => states.push(state),
    });
    cleanups.push(() => live.close());
    await waitFor(() => messages.length === 1);
    expect(states[0]).toBe("connect");
    expect(messages[0]).toEqual(["sensor/temp/balcony", '{"value":-2.5,"time":"2026-11-20T12:00:00Z"}']);
    await publish(broker, "power/kitchen/POWER", '{"state":"ON"}');
    await waitFor(() => messages.length === 2);
    expect(messages[1]).toEqual(["power/kitchen/POWER", '{"state":"ON"}']);
  });

  it("reports the broker going away, reconnects and resubscribes when it returns", async () => {
    const first = await startBroker();
    const port = Number(new URL(first.url).port);
    const states: LiveConnectionState[] = [];
    const topics: string[] = [];
    const live = connectLive({
      url: first.url,
      onMessage: (topic) => topics.push(topic),
      onState: (s) => states.push(s),
    });
    cleanups.push(() => live.close());
    await waitFor(() => states.includes("connect"));
    await first.close();
    await waitFor(() => states.includes("close"));
    expect(states.at(-1)).not.toBe("connect");

    const second = await startBroker(port);
    cleanups.push(second.close);
    await waitFor(() => states.lastIndexOf("connect") > states.indexOf("close"), 5000);
    expect(states).toContain("reconnect");
    await waitFor(() => second.broker.connectedClients === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await publish(second.broker, "sensor/temp/outside", '{"value":1}');
    await waitFor(() => topics.includes("sensor/temp/outside"));
  });

  it("two tabs with one client id: one connects with it, the other with a random id until the first closes, then with it", async () => {
    const { url, broker, close } = await startBroker();
    cleanups.push(close);
    const clientIds = new Set<string>();
    // By connection, not id: the first tab's connection may leave after the second's with the same id came.
    const connected = new Set<{ id: string }>();
    broker.on("client", (client) => {
      clientIds.add(client.id);
      connected.add(client);
    });
    broker.on("clientDisconnect", (client) => connected.delete(client));
    const locks = webLocks();
    const id = "c-0123456789abcdef0123456789abcdef";
    const firstStates: LiveConnectionState[] = [];
    const first = connectLive({
      url,
      clientId: id,
      locks,
      onMessage: () => undefined,
      onState: (s) => firstStates.push(s),
    });
    await waitFor(() => firstStates.includes("connect"));
    const secondStates: LiveConnectionState[] = [];
    const secondTopics: string[] = [];
    const second = connectLive({
      url,
      clientId: id,
      locks,
      onMessage: (topic) => secondTopics.push(topic),
      onState: (s) => secondStates.push(s),
    });
    cleanups.push(() => second.close());
    await waitFor(() => secondStates.includes("connect") && broker.connectedClients === 2);
    const random = [...clientIds].filter((clientId) => clientId !== id);
    expect(random).toHaveLength(1);
    // Both stay connected: no takeover of one id by the other.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(firstStates).toEqual(["connect"]);
    expect(secondStates).toEqual(["connect"]);

    await first.close();
    // The second tab now holds the id: its random connection ends unreported, a new one connects with the id.
    await waitFor(() => secondStates.length === 2);
    expect(secondStates).toEqual(["connect", "connect"]);
    await waitFor(() => broker.connectedClients === 1);
    await publish(broker, "sensor/temp/outside", '{"value":1}');
    await waitFor(() => secondTopics.includes("sensor/temp/outside"));
    expect([...connected].map((client) => client.id)).toEqual([id]);
  }, 20_000);

  it("reports 'end' once closed", async () => {
    const { url, close } = await startBroker();
    cleanups.push(close);
    const states: LiveConnectionState[] = [];
    const live = connectLive({ url, onMessage: () => undefined, onState: (s) => states.push(s) });
    await waitFor(() => states.includes("connect"));
    await live.close();
    expect(states).toContain("end");
  });

  it("connects to an mqtts:// connection string without a port on the secure port 8883 (spec §7)", () => {
    const urls: string[] = [];
    const live = connectLive({
      url: "mqtts://127.0.0.1",
      onMessage: () => undefined,
      onState: () => undefined,
      connect: (url, options) => {
        urls.push(url);
        return connect("mqtt://127.0.0.1:1", { ...options, reconnectPeriod: 0 });
      },
    });
    cleanups.push(() => live.close());
    expect(urls).toEqual(["mqtts://127.0.0.1:8883"]);
  });

  it("refuses an invalid topic filter before connecting", () => {
    let connected = false;
    expect(() =>
      connectLive({
        url: "mqtt://127.0.0.1:1",
        topicFilter: "sensor/#/x",
        onMessage: () => undefined,
        onState: () => undefined,
        connect: (url, options) => {
          connected = true;
          return connect(url, options);
        },
      }),
    ).toThrow(/Invalid MQTT topic filter/);
    expect(connected).toBe(false);
  });
});
