import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { Aedes } from "aedes";

/** A real Aedes MQTT broker on 127.0.0.1 (test-only helper, like lib/api/testServer). */
export type TestBroker = { url: string; broker: Aedes; server: Server; close(): Promise<void> };

/** Starts a real broker on loopback; `port` 0 (default) picks a free one. The URL is `mqtt://127.0.0.1:<port>`. */
export async function startTestBroker(port = 0): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    broker,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}

/** Publishes from the broker itself (QoS 0); resolves once it was handed to the subscribers. */
export function publishFromBroker(broker: Aedes, topic: string, payload: string, retain = false): Promise<void> {
  return new Promise((resolve, reject) =>
    broker.publish({ cmd: "publish", topic, payload: Buffer.from(payload), qos: 0, retain, dup: false }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

/** Polls `check` every 10 ms until it is true; rejects after `timeoutMs` (default 5000). */
export function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
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
