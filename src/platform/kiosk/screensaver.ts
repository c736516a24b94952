import type { createStore } from "jotai";
import * as v from "valibot";
import { DOORBELL, DOORBELL_RING_TOPIC, DoorbellRingSchema } from "../../../contract/cameras";
import type { ScreenState } from "../../../contract/panels";
import { liveConnectedAtom, liveValueAtom } from "../live/atoms";
import { bindFullyMotion, createFullyScreen, fullyApi } from "./fully";
import { createIdleTracker, isDialogOpen } from "./idle";
import { detectsPresence, wakeSensorTopic } from "./presence";
import { panelProfileAtom } from "./profile";
import { startReloadPolicy, type ReloadTimings } from "./reloadPolicy";
import { screenCommandAtom, screenStateAtom } from "./screen-state";
import { DEFAULT_IDLE_MS, KIOSK_KEYS, readMs } from "./settings";
import { createScreenStages } from "./stages";

type Store = ReturnType<typeof createStore>;

declare global {
  interface Window {
    /** The running panel screen, for benchmarks and end-to-end tests: its state and the screen commands as the house sends them. */
    __panelScreen?: { state(): ScreenState; command(mode: "dim" | "off" | "wake"): void };
  }
}

/** True while a camera's live view is on the page (a LiveView renders `.camera-live`: the camera screen, the doorbell popup). */
export function isCameraViewOpen(doc: Document = document): boolean {
  return doc.querySelector(".camera-live") !== null;
}

/** Options of {@link startPanelScreen}. */
export interface PanelScreenOptions {
  /** How often the stages are checked, ms (default 1000). */
  tickMs?: number;
  /** The reload policy's timings (tests pass short ones); `false` leaves the policy off. */
  reload?: Partial<ReloadTimings> | false;
  /** The reload itself (default `location.reload()`). */
  reloadPage?: () => void;
  win?: Window;
}

/** The running screensaver of {@link startPanelScreen}. */
export interface PanelScreen {
  /** Wakes the screen (the first touch on the screensaver). */
  wake(): void;
  stop(): void;
}

/**
 * Runs this panel's screen: the stage machine over the profile's
 * screensaver ({@link panelProfileAtom}) writes {@link screenStateAtom}; it is paused while a dialog
 * (the doorbell popup, a PIN prompt) or a camera view is open; the doorbell's ring
 * (`doorbell/ring`, fresh within 5 s), the wake sensor's detection on the live channel, Fully's motion
 * detection and a `wake` in {@link screenCommandAtom} wake it; `dim` and `off` there hold it dim or
 * black until a touch. Inside Fully Kiosk the screen's brightness and power follow the state
 * ({@link createFullyScreen}). The reload policy runs beside it. Returns the handle.
 */
export function startPanelScreen(store: Store, options: PanelScreenOptions = {}): PanelScreen {
  const win = options.win ?? window;
  const doc = win.document;
  const idle = createIdleTracker({ idleMs: () => readMs(KIOSK_KEYS.idleMs, DEFAULT_IDLE_MS), target: win, doc });
  const fully = fullyApi(win);
  const fullyScreen = fully ? createFullyScreen(fully) : null;
  const stages = createScreenStages({
    screensaver: () => store.get(panelProfileAtom).screensaver,
    lastActivity: () => idle.lastActivity(),
    paused: () => isDialogOpen(doc) || isCameraViewOpen(doc),
    tickMs: options.tickMs,
    onChange: (state: ScreenState) => {
      store.set(screenStateAtom, state);
      fullyScreen?.apply(state, store.get(panelProfileAtom).screensaver.dimBrightness);
    },
  });
  store.set(screenStateAtom, "awake");
  const stops: Array<() => void> = [() => stages.stop(), () => idle.stop()];

  stops.push(
    store.sub(screenCommandAtom, () => {
      const command = store.get(screenCommandAtom);
      if (command === null) return;
      if (command.mode === "wake") stages.wake();
      else stages.force(command.mode === "off" ? "black" : "dim");
    }),
  );

  const ringAtom = liveValueAtom(DOORBELL_RING_TOPIC);
  stops.push(
    store.sub(ringAtom, () => {
      const ring = v.safeParse(DoorbellRingSchema, store.get(ringAtom)?.value);
      if (ring.success && Date.now() - ring.output < DOORBELL.freshMs) stages.wake();
    }),
  );

  let stopSensor: (() => void) | null = null;
  let sensorTopic: string | null = null;
  const followWakeSensor = (): void => {
    const wakeSensor = store.get(panelProfileAtom).screensaver.wakeSensor;
    const topic = wakeSensor === undefined ? null : wakeSensorTopic(wakeSensor);
    if (topic === sensorTopic) return;
    stopSensor?.();
    stopSensor = null;
    sensorTopic = topic;
    if (topic === null) return;
    const valueAtom = liveValueAtom(topic);
    stopSensor = store.sub(valueAtom, () => {
      if (detectsPresence(topic, store.get(valueAtom)?.value)) stages.wake();
    });
  };
  followWakeSensor();
  stops.push(store.sub(panelProfileAtom, followWakeSensor), () => stopSensor?.());

  if (fully) stops.push(bindFullyMotion(fully, () => stages.wake(), win));

  if (options.reload !== false) {
    stops.push(
      startReloadPolicy({
        liveConnected: () => store.get(liveConnectedAtom),
        whenIdle: (callback) => idle.whenIdle(callback),
        reload: options.reloadPage,
        timings: options.reload,
      }),
    );
  }

  win.__panelScreen = {
    state: () => store.get(screenStateAtom),
    command: (mode) => store.set(screenCommandAtom, { mode, at: Date.now() }),
  };
  stops.push(() => {
    win.__panelScreen = undefined;
  });

  return {
    wake: () => stages.wake(),
    stop: () => {
      for (const stop of stops.reverse()) stop();
      store.set(screenStateAtom, "awake");
    },
  };
}
