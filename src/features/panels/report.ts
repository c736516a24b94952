import type { PanelReport, ScreenState } from "../../../contract/panels";

/** A battery reading: level 0..100 % and whether it charges. */
export type BatteryReading = { level: number; charging: boolean };

/** The Battery Status API's manager (Chromium: navigator.getBattery). */
type BatteryManagerLike = EventTarget & { level: number; charging: boolean };

/** Fully Kiosk Browser's JavaScript API, the part the report reads (fully.getBatteryLevel, fully.isPlugged). */
type FullyLike = { getBatteryLevel?: () => number; isPlugged?: () => boolean };

/**
 * Follows this device's battery: the Battery Status API where the browser has it (its `levelchange`
 * and `chargingchange` events), else Fully Kiosk's `fully.getBatteryLevel()` / `fully.isPlugged()`
 * read on each `poll()`; `onChange` gets each new reading. Without either, readings stay undefined.
 * Answers `{read, poll, stop}`.
 */
export function followBattery(onChange: () => void): {
  read: () => BatteryReading | undefined;
  poll: () => void;
  stop: () => void;
} {
  let reading: BatteryReading | undefined;
  let manager: BatteryManagerLike | null = null;
  let stopped = false;
  const update = (next: BatteryReading | undefined) => {
    if (next?.level === reading?.level && next?.charging === reading?.charging) return;
    reading = next;
    onChange();
  };
  const fromManager = () => {
    if (manager) update({ level: Math.round(manager.level * 100), charging: manager.charging });
  };
  const fully = (globalThis as { fully?: FullyLike }).fully;
  const fromFully = () => {
    const level = fully?.getBatteryLevel?.();
    if (typeof level !== "number" || !Number.isFinite(level)) return;
    update({ level: Math.min(100, Math.max(0, Math.round(level))), charging: fully?.isPlugged?.() === true });
  };
  const nav = globalThis.navigator as Navigator & { getBattery?: () => Promise<BatteryManagerLike> };
  if (typeof nav.getBattery === "function") {
    nav.getBattery().then(
      (found) => {
        if (stopped) return;
        manager = found;
        found.addEventListener("levelchange", fromManager);
        found.addEventListener("chargingchange", fromManager);
        fromManager();
      },
      () => fromFully(),
    );
  } else fromFully();
  return {
    read: () => reading,
    poll: () => (manager ? fromManager() : fromFully()),
    stop: () => {
      stopped = true;
      manager?.removeEventListener("levelchange", fromManager);
      manager?.removeEventListener("chargingchange", fromManager);
    },
  };
}

/** The report of this panel now (contract/panels.ts PanelReportSchema). */
export function buildReport(input: {
  battery: BatteryReading | undefined;
  visible: boolean;
  screen: string;
  lastTouchAt: number | null;
  screenState: ScreenState;
}): PanelReport {
  return {
    ...(input.battery ? { battery: input.battery } : {}),
    visible: input.visible,
    screen: input.screen.startsWith("/") ? input.screen.slice(0, 200) : "/",
    ...(input.lastTouchAt !== null ? { lastTouchAt: new Date(input.lastTouchAt).toISOString() } : {}),
    screenState: input.screenState,
  };
}

/** The key of a report without its touch time: a report is sent on change when this differs (touches alone wait for the periodic one). */
export function reportKey(report: PanelReport): string {
  return JSON.stringify({ ...report, lastTouchAt: undefined });
}
