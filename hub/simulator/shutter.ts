import type { BrokerLink, HubLogger } from "../broker/link";
import { tasmotaStatTopic, tasmotaTeleTopic } from "../../contract/topics";

/** Steps of a full travel (0 -> 100 %): at the default 500 ms a step, 6 s end to end. */
export const SHUTTER_STEPS = 12;

/** A running simulated shutter: `stop()` ends its timers. */
export interface SimShutter {
  readonly name: string;
  stop(): void;
}

/**
 * A Tasmota shutter (SetOption80 1, xdrv_27_shutter) driving a garage door or a gate, as the demo's
 * device. Listens on `cmnd/<name>/#` through `link`: ShutterOpen<n>, ShutterClose<n>,
 * ShutterToggle<n> (reverses while moving, else goes the other way), ShutterStop<n>,
 * ShutterLock<n> 0|1 (while locked, moves are ignored, as Tasmota's shutter lock does). While moving
 * it publishes `stat/<name>/RESULT` `{"Shutter<n>":{"Position","Direction","Target","Tilt"}}`
 * every `stepMs` (position in steps of 100/12 %, so a full travel takes 12 steps), and once more at
 * rest; a lock answers `{"ShutterLock<n>":0|1}`. Starts closed, LWT Online (retained).
 */
export function startTasmotaShutter(options: {
  link: BrokerLink;
  name: string;
  shutter?: number;
  stepMs: number;
  log: HubLogger;
  startPosition?: number;
}): SimShutter {
  const { link, name } = options;
  const n = options.shutter ?? 1;
  let step = Math.round(((options.startPosition ?? 0) * SHUTTER_STEPS) / 100); // 0 closed .. SHUTTER_STEPS open
  let direction: -1 | 0 | 1 = 0;
  let locked = false;
  let timer: NodeJS.Timeout | null = null;
  const position = () => Math.round((step * 100) / SHUTTER_STEPS);
  const target = () => (direction > 0 ? 100 : direction < 0 ? 0 : position());
  const report = () => ({ [`Shutter${n}`]: { Position: position(), Direction: direction, Target: target(), Tilt: 0 } });
  const publishResult = (body: unknown) =>
    link.publish(tasmotaStatTopic(name, "RESULT"), JSON.stringify(body), { retain: false, qos: 0 });

  const halt = () => {
    if (timer) clearInterval(timer);
    timer = null;
    direction = 0;
    publishResult(report());
  };
  const move = (to: -1 | 1) => {
    if (locked) return;
    if (timer) clearInterval(timer);
    direction = to;
    publishResult(report());
    timer = setInterval(
      () => {
        step = Math.min(SHUTTER_STEPS, Math.max(0, step + direction));
        if ((direction > 0 && step >= SHUTTER_STEPS) || (direction < 0 && step <= 0)) halt();
        else publishResult(report());
      },
      Math.max(20, options.stepMs),
    );
    timer.unref();
  };
  let lastDirection: -1 | 1 = -1;
  const command = (suffix: string, payload: string) => {
    switch (suffix.toLowerCase()) {
      case `shutteropen${n}`:
        lastDirection = 1;
        return move(1);
      case `shutterclose${n}`:
        lastDirection = -1;
        return move(-1);
      case `shuttertoggle${n}`:
        lastDirection =
          direction !== 0
            ? (-direction as -1 | 1)
            : position() >= 100
              ? -1
              : position() <= 0
                ? 1
                : (-lastDirection as -1 | 1);
        return move(lastDirection);
      case `shutterstop${n}`:
        return halt();
      case `shutterlock${n}`:
        if (payload === "1") locked = true;
        else if (payload === "0") locked = false;
        publishResult({ [`ShutterLock${n}`]: locked ? 1 : 0 });
        return;
      default:
        return;
    }
  };
  link.subscribe(`cmnd/${name}/#`, (topic, payload) => {
    try {
      command(topic.slice(`cmnd/${name}/`.length), payload.toString("utf8").trim());
    } catch (error) {
      options.log.error({ err: error, device: name }, "simulated shutter failed");
    }
  });
  link.publish(tasmotaTeleTopic(name, "LWT"), "Online", { retain: true, qos: 0 });
  publishResult(report());
  return {
    name,
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
