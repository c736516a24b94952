import type { LiveConnection, ConnectLiveOptions } from "./connection";
import type { LiveWorkerCommand, LiveWorkerEvent } from "./workerProtocol";

/** How long {@link connectLiveInWorker}'s close waits for the worker to end the connection cleanly, ms. */
export const LIVE_WORKER_CLOSE_MS = 1_000;

/**
 * Opens the live channel in a dedicated worker (spec §7 "Live channel", DESIGN §3): the
 * same connection as {@link connectLive} (mqtt.js, `#` subscription, §9 client constants, retained
 * guard, the client id held by one tab at a time), but mqtt.js is evaluated and every MQTT packet parsed in the worker (live.worker.ts), so
 * neither blocks the page. Messages reach `onMessage` in arrival order, in batches (one post per
 * ~16 ms); every connection event reaches `onState`. A worker that fails to load or dies reports
 * "error". `url` relative to the page is resolved against it.
 * @returns the connection; `close()` ends the MQTT connection (DISCONNECT), then terminates the worker
 *   (at the latest after {@link LIVE_WORKER_CLOSE_MS})
 */
export function connectLiveInWorker(
  options: Pick<ConnectLiveOptions, "url" | "onMessage" | "onState" | "topicFilter" | "clientId">,
): LiveConnection {
  const worker = new Worker(new URL("./live.worker.ts", import.meta.url), { type: "module", name: "live" });
  let onClosed: (() => void) | undefined;
  let ended = false;
  worker.onmessage = (event: MessageEvent<LiveWorkerEvent>) => {
    const data = event.data;
    if (data.type === "messages") {
      for (const [topic, payload] of data.messages) {
        try {
          options.onMessage(topic, payload);
        } catch (error) {
          console.error("live: message handler failed", error);
        }
      }
    } else if (data.type === "state") {
      if (!ended) options.onState(data.state);
    } else {
      onClosed?.();
    }
  };
  worker.onerror = (event) => {
    console.error("live worker failed", event.message);
    if (!ended) options.onState("error");
  };
  const start: LiveWorkerCommand = {
    type: "start",
    url: new URL(options.url, window.location.href).href,
    ...(options.topicFilter === undefined ? {} : { topicFilter: options.topicFilter }),
    ...(options.clientId === undefined ? {} : { clientId: options.clientId }),
  };
  worker.postMessage(start);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          if (ended) return;
          ended = true;
          clearTimeout(timer);
          worker.terminate();
          resolve();
        };
        const timer = setTimeout(done, LIVE_WORKER_CLOSE_MS);
        onClosed = done;
        worker.postMessage({ type: "stop" } satisfies LiveWorkerCommand);
      }),
  };
}
