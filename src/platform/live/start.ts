import type { IClientOptions, MqttClient } from "mqtt";
import { startTransition } from "react";
import { createIngest } from "../../lib/mqtt/ingest";
import { applyLiveBatch } from "./apply";
import { liveConnectionStateAtom, liveStatsAtom, liveTopicsAtom } from "./atoms";
import { isEventTopic } from "./events";
import type { JotaiStore } from "../../shared/store";
import type { LiveConnectionState } from "../../shared/liveConnection";

/** Test seams of {@link startLive}. */
export type StartLiveOptions = {
  /** mqtt.connect replacement. */
  connect?: (url: string, options: IClientOptions) => MqttClient;
  /** Batch scheduler (requestAnimationFrame by default). */
  schedule?: (cb: () => void) => void;
  /**
   * Sees every message first; one it takes (answers true) is not applied to the live state (the
   * hub's `session/<hash>/ended` announcements, which are events, not state). Must not throw.
   */
  take?: (topic: string, payload: Uint8Array) => boolean;
  /** The MQTT client id to connect with (liveClientIdAtom); absent = a random one. */
  clientId?: string;
};

/**
 * Starts the live channel (spec §7 "Live channel", DESIGN §3-4): loads the mqtt module lazily, in a
 * dedicated worker in browsers (workerConnection.ts) or in this thread with a `connect` seam,
 * connects to `url` (config's mqttConnectionString), feeds every message through the ingest and
 * writes one batch per frame into the store; the connection state goes to liveConnectionStateAtom.
 * The ingest caps what it holds: see createIngest; topics already in the
 * store (restored at boot) count towards the topic cap.
 * A failure to load or connect sets the state to "error" (never throws).
 * @returns stop: closes the connection (and cancels it if it is still loading) and sets the state to "end"
 */
export function startLive(store: JotaiStore, url: string, options: StartLiveOptions = {}): () => void {
  let stopped = false;
  let close: (() => Promise<void>) | undefined;
  const ingest = createIngest({
    schedule: options.schedule,
    // The topics the live families declared events (a panel's commands): each message applied, in order.
    isEvent: isEventTopic,
    // Leaves restored from the offline snapshot count towards the topic cap.
    knownTopics: store.get(liveTopicsAtom),
    // A transition: the store has the batch at once; the tiles that read it re-render in
    // time slices, so a burst of readings never blocks input for a long task.
    apply: (batch) => startTransition(() => applyLiveBatch(store, batch)),
    // Once per frame, also when everything was dropped (a flood over the topic cap applies nothing).
    onStats: (stats) => store.set(liveStatsAtom, stats),
  });

  const handlers = {
    url,
    ...(options.clientId === undefined ? {} : { clientId: options.clientId }),
    onMessage: (topic: string, payload: Uint8Array) => {
      if (options.take?.(topic, payload) === true) return;
      ingest.push(topic, payload);
    },
    onState: (state: LiveConnectionState) => {
      if (!stopped) store.set(liveConnectionStateAtom, state);
    },
  };
  // In a browser the connection runs in a worker (mqtt.js off the main thread); with a
  // test seam `connect`, or where there are no workers, in this thread.
  const inWorker = options.connect === undefined && typeof Worker === "function";
  (inWorker
    ? import("../../lib/mqtt/workerConnection").then(
        ({ connectLiveInWorker }) =>
          () =>
            connectLiveInWorker(handlers),
      )
    : import("../../lib/mqtt/connection").then(
        ({ connectLive }) =>
          () =>
            connectLive({ ...handlers, connect: options.connect }),
      )
  )
    .then((open) => {
      if (stopped) return;
      const connection = open();
      close = () => connection.close();
    })
    .catch((error: unknown) => {
      console.error("live: could not start", error);
      if (!stopped) store.set(liveConnectionStateAtom, "error");
    });

  return () => {
    if (stopped) return;
    stopped = true;
    // Events of this closing connection are ignored from now on (a new one may already be starting).
    store.set(liveConnectionStateAtom, "end");
    void close?.();
  };
}
