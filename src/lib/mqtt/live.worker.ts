/// <reference lib="webworker" />
/**
 * The live worker: runs {@link connectLive} (mqtt.js, the WebSocket, MQTT packet parsing,
 * the retained guard) off the page's main thread and posts what it receives to the page at most
 * every {@link LIVE_WORKER_POST_MS} ms, each payload copied into a buffer of its own and transferred
 * (mqtt.js hands out views into the WebSocket frame; cloning a view would copy the whole frame).
 * Protocol: workerProtocol.ts. Started by workerConnection.ts.
 */
import { connectLive, type LiveConnection } from "./connection";
import { LIVE_WORKER_POST_MS, type LiveWorkerCommand, type LiveWorkerEvent } from "./workerProtocol";

declare const self: DedicatedWorkerGlobalScope;

let connection: LiveConnection | undefined;
let pending: Array<[string, Uint8Array]> = [];
let timer: ReturnType<typeof setTimeout> | undefined;

const post = (event: LiveWorkerEvent, transfer: Transferable[] = []) => self.postMessage(event, transfer);

function flush(): void {
  timer = undefined;
  if (pending.length === 0) return;
  const messages = pending;
  pending = [];
  post(
    { type: "messages", messages },
    messages.map(([, payload]) => payload.buffer),
  );
}

self.onmessage = (event: MessageEvent<LiveWorkerCommand>) => {
  const command = event.data;
  if (command.type === "start" && connection === undefined) {
    try {
      connection = connectLive({
        url: command.url,
        ...(command.topicFilter === undefined ? {} : { topicFilter: command.topicFilter }),
        ...(command.clientId === undefined ? {} : { clientId: command.clientId }),
        onMessage: (topic, payload) => {
          // A copy of its own: mqtt.js hands out views into the frame (Buffer#slice is a view too).
          pending.push([topic, new Uint8Array(payload)]);
          timer ??= setTimeout(flush, LIVE_WORKER_POST_MS);
        },
        onState: (state) => {
          flush(); // messages before a state change reach the page before it
          post({ type: "state", state });
        },
      });
    } catch (error) {
      console.error("live worker: could not connect", error);
      post({ type: "state", state: "error" });
    }
  } else if (command.type === "stop") {
    flush();
    const closing = connection?.close() ?? Promise.resolve();
    connection = undefined;
    void closing.then(() => post({ type: "closed" }));
  }
};
