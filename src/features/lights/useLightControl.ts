import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LightFeatures, LightSetBody, LightState } from "../../../contract/lights";
import { commandEnvAtom, commandPendingAtom, useCommandGate } from "../../platform/commands";
import { lightTarget, setLightCommand, type LightPart } from "./commands";
import { lightState } from "./live";
import { throttleLatest, type LatestSender } from "./throttle";

/** How long a control waits for the device's state before it gives up and shows the real state (ms). */
export const CONFIRM_TIMEOUT_MS = 5000;
/** Slider commands: at most one per this interval while dragged (ms). */
export const SLIDER_INTERVAL_MS = 300;

/** What the controls asked for and the live state has not confirmed yet. */
type Wanted = {
  state?: "ON" | "OFF";
  brightness?: number;
  color?: { hex: string; before: string | null };
  color_temp?: number;
};

/** True when the live state shows what `part` asked for. */
function confirmed(part: keyof Wanted, wanted: Wanted, live: LightState | null): boolean {
  if (!live) return false;
  switch (part) {
    case "state":
      return live.state === wanted.state;
    case "brightness":
      return live.brightness === wanted.brightness;
    case "color_temp":
      return live.color_temp === wanted.color_temp;
    case "color": {
      const hex = live.color?.hex ?? null;
      return hex === wanted.color?.hex || hex !== wanted.color?.before;
    }
  }
}

const PART_OF: Record<keyof Wanted, LightPart> = {
  state: "power",
  brightness: "brightness",
  color: "color",
  color_temp: "colorTemp",
};

/**
 * One light's controls: the live state, whether the controls are disabled (offline,
 * locked, device unavailable), each control's pending flag (its request on the way, or its value
 * not yet confirmed by `light/<id>`), and senders. Sliders go through {@link throttleLatest}. A value
 * not confirmed within {@link CONFIRM_TIMEOUT_MS} is dropped (the control shows the real state) with
 * the toast 'Urządzenie nie odpowiedziało'.
 */
export function useLightControl(features: LightFeatures) {
  const { t } = useTranslation();
  const live = useAtomValue(lightState(features.id));
  const gate = useCommandGate({ device: features.device });
  const env = useAtomValue(commandEnvAtom);
  const run = useSetAtom(setLightCommand);
  const [wanted, setWanted] = useState<Wanted>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const requestPending = {
    power: useAtomValue(commandPendingAtom(lightTarget(features.id, "power"))),
    brightness: useAtomValue(commandPendingAtom(lightTarget(features.id, "brightness"))),
    color: useAtomValue(commandPendingAtom(lightTarget(features.id, "color"))),
    colorTemp: useAtomValue(commandPendingAtom(lightTarget(features.id, "colorTemp"))),
  };

  useEffect(() => {
    const done = (Object.keys(wanted) as (keyof Wanted)[]).filter((part) => confirmed(part, wanted, live));
    if (done.length === 0) return;
    setWanted((current) => {
      const next = { ...current };
      for (const part of done) delete next[part];
      return next;
    });
  }, [live, wanted]);

  useEffect(() => {
    const waiting = Object.keys(wanted).length > 0;
    if (!waiting) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setWanted({});
      env?.notify(t("lights.noAnswer"), "error");
    }, CONFIRM_TIMEOUT_MS);
  }, [wanted, env, t]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const send = useCallback(
    async (part: keyof Wanted, body: LightSetBody, want: Wanted) => {
      setWanted((current) => ({ ...current, ...want }));
      const outcome = await run({ id: features.id, part: PART_OF[part], body });
      if (outcome.status !== "done") {
        setWanted((current) => {
          const next = { ...current };
          delete next[part];
          return next;
        });
      }
    },
    [run, features.id],
  );

  const senders = useMemo(() => {
    /** A throttled sender of one slider; a refused or failed value drops what it asked for (the real state shows). */
    const make = <T>(part: keyof Wanted, body: (value: T) => LightSetBody): LatestSender<T> =>
      throttleLatest(async (value: T) => {
        const outcome = await run({
          id: features.id,
          part: PART_OF[part],
          body: body(value),
        });
        if (outcome.status !== "done") {
          setWanted((current) => {
            const next = { ...current };
            delete next[part];
            return next;
          });
        }
      }, SLIDER_INTERVAL_MS);
    return {
      brightness: make("brightness", (value: number) => ({
        brightness: value,
      })),
      colorTemp: make("color_temp", (value: number) => ({ color_temp: value })),
      color: make("color", (hex: string) => ({ color: { hex } })),
    };
  }, [run, features.id]);
  useEffect(() => () => Object.values(senders).forEach((sender) => sender.cancel()), [senders]);

  return {
    live,
    available: !gate.unavailable,
    disabled: gate.disabled,
    /** Why the controls are disabled (the gate's reason), null while they may act. */
    reason: gate.reason,
    wanted,
    pending: {
      power: requestPending.power || wanted.state !== undefined,
      brightness: requestPending.brightness || wanted.brightness !== undefined,
      color: requestPending.color || wanted.color !== undefined,
      colorTemp: requestPending.colorTemp || wanted.color_temp !== undefined,
    },
    setPower: (on: boolean) => void send("state", { state: on ? "ON" : "OFF" }, { state: on ? "ON" : "OFF" }),
    setBrightness: (value: number) => {
      setWanted((current) => ({ ...current, brightness: value }));
      senders.brightness.push(value);
    },
    setColorTemp: (mired: number) => {
      setWanted((current) => ({ ...current, color_temp: mired }));
      senders.colorTemp.push(mired);
    },
    setColor: (hex: string) => {
      setWanted((current) => ({
        ...current,
        color: {
          hex,
          before: current.color?.before ?? live?.color?.hex ?? null,
        },
      }));
      senders.color.push(hex);
    },
  };
}
