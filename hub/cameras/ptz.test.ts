import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { drawSimulatedFrame, SIM_FRAME_HEIGHT, SIM_FRAME_WIDTH } from "./frames";
import { CENTRE_VIEW, PtzHead, SIM_PTZ } from "./ptz";

/** The decoded RGBA pixels of a JPEG. */
const pixels = (data: Buffer) => jpeg.decode(data, { useTArray: true }).data;

/** Mean absolute difference of two pictures' pixels (0..255). */
function difference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("the demo camera's PTZ head and picture", () => {
  it("moves at the velocity for the duration, then stays; a new move starts where the head is", () => {
    const head = new PtzHead();
    head.move({ pan: 1, tilt: 0, zoom: 0, duration: 250 }, 1000);
    expect(head.viewAt(1125).pan).toBeCloseTo(SIM_PTZ.pan.perSecond * 0.125);
    expect(head.viewAt(5000).pan).toBeCloseTo(SIM_PTZ.pan.perSecond * 0.25);
    head.move({ pan: 0, tilt: -0.5, zoom: 1, duration: 1000 }, 6000);
    expect(head.viewAt(7000)).toEqual({
      pan: SIM_PTZ.pan.perSecond * 0.25,
      tilt: -SIM_PTZ.tilt.perSecond * 0.5,
      zoom: 1 + SIM_PTZ.zoom.perSecond,
    });
    head.move({ pan: 1, tilt: 0, zoom: 1, duration: 5000 }, 8000);
    expect(head.viewAt(20_000)).toMatchObject({ pan: SIM_PTZ.pan.max, zoom: SIM_PTZ.zoom.max });
  });

  it("the picture shifts with pan and zoom (the clock and counter stay the same)", () => {
    const at = new Date(2026, 10, 23, 12, 0, 0);
    const centre = pixels(drawSimulatedFrame(7, at, 200));
    const panned = pixels(drawSimulatedFrame(7, at, 200, { ...CENTRE_VIEW, pan: 30 }));
    const zoomed = pixels(drawSimulatedFrame(7, at, 200, { ...CENTRE_VIEW, zoom: 2 }));
    expect(difference(centre, pixels(drawSimulatedFrame(7, at, 200)))).toBe(0);
    expect(difference(centre, panned)).toBeGreaterThan(2);
    expect(difference(centre, zoomed)).toBeGreaterThan(2);
  });

  it("night mode turns the picture dark grey (IR-like)", () => {
    const at = new Date(2026, 10, 23, 23, 0, 0);
    const day = pixels(drawSimulatedFrame(3, at, 30));
    const night = pixels(drawSimulatedFrame(3, at, 30, { ...CENTRE_VIEW, night: true }));
    let colour = 0;
    let brightness = 0;
    let dayBrightness = 0;
    // below the clock and counter (the OSD stays white), the scene only
    for (let y = 100; y < SIM_FRAME_HEIGHT; y++) {
      for (let x = 0; x < SIM_FRAME_WIDTH; x++) {
        const i = (y * SIM_FRAME_WIDTH + x) * 4;
        colour = Math.max(colour, Math.abs((night[i] ?? 0) - (night[i + 2] ?? 0)));
        brightness += night[i + 1] ?? 0;
        dayBrightness += day[i + 1] ?? 0;
      }
    }
    expect(colour).toBeLessThan(12);
    expect(brightness).toBeLessThan(dayBrightness * 0.7);
  });
});
