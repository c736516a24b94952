import { describe, expect, it } from "vitest";
import { bindFullyMotion, createFullyScreen, fullyApi, type FullyApi } from "./fully";

/** A recording stand-in for Fully Kiosk's JavaScript Interface (the device end of the screen). */
function fakeFully(brightness = 180) {
  const calls: string[] = [];
  let level = brightness;
  const bindings = new Map<string, string>();
  const fully: FullyApi = {
    turnScreenOn: () => void calls.push("turnScreenOn"),
    turnScreenOff: (keepAlive) => void calls.push(`turnScreenOff(${String(keepAlive)})`),
    isScreenOn: () => true,
    setScreenBrightness: (value) => {
      calls.push(`setScreenBrightness(${value})`);
      level = value;
    },
    getScreenBrightness: () => level,
    bind: (event, code) => void bindings.set(event, code),
  };
  return { fully, calls, bindings };
}

describe("Fully Kiosk's screen", () => {
  it("is used only where window.fully has the calls", () => {
    expect(fullyApi({} as Window)).toBeNull();
    expect(fullyApi({ fully: { turnScreenOn: () => undefined } } as unknown as Window)).toBeNull();
    const { fully } = fakeFully();
    expect(fullyApi({ fully } as unknown as Window)).toBe(fully);
  });

  it("dims to dimBrightness of 255, turns off for black (page kept alive), and restores the brightness on wake", () => {
    const { fully, calls } = fakeFully(180);
    const screen = createFullyScreen(fully);
    screen.apply("screensaver", 0.2);
    screen.apply("dim", 0.2);
    screen.apply("black", 0.2);
    screen.apply("awake", 0.2);
    expect(calls).toEqual([
      "setScreenBrightness(51)",
      "turnScreenOff(true)",
      "turnScreenOn",
      "setScreenBrightness(180)",
    ]);
  });

  it("binds onMotion to a callback, which unbinding silences", () => {
    const { fully, bindings } = fakeFully();
    const win = {} as Window;
    let motions = 0;
    const unbind = bindFullyMotion(fully, () => motions++, win);
    const code = bindings.get("onMotion") ?? "";
    new Function("window", code)(win);
    expect(motions).toBe(1);
    unbind();
    new Function("window", code)(win);
    expect(motions).toBe(1);
  });
});
