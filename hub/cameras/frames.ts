import jpeg from "jpeg-js";
import { CENTRE_VIEW, type FrameView } from "./ptz";
import { drawScene, toNightPicture } from "./scene";

/** Size of a simulated camera frame, pixels. */
export const SIM_FRAME_WIDTH = 320;
export const SIM_FRAME_HEIGHT = 180;

/** Seven-segment layout of each digit: segments a b c d e f g (top, upper right, lower right, bottom, lower left, upper left, middle). */
const SEGMENTS: Readonly<Record<string, string>> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abdeg",
  "3": "abcdg",
  "4": "bcfg",
  "5": "acdfg",
  "6": "acdefg",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
};

type Rgb = readonly [number, number, number];

function fillRect(data: Buffer, x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb): void {
  const x1 = Math.min(SIM_FRAME_WIDTH, x0 + w);
  const y1 = Math.min(SIM_FRAME_HEIGHT, y0 + h);
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < x1; x++) {
      const i = (y * SIM_FRAME_WIDTH + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
}

/** Draws `text` (digits and `:`) in seven-segment digits of height 2*`size` at (x, y). */
function drawDigits(data: Buffer, text: string, x: number, y: number, size: number, color: Rgb): void {
  const t = Math.max(2, Math.round(size / 5));
  let cursor = x;
  for (const char of text) {
    if (char === ":") {
      fillRect(data, cursor, y + size / 2, t, t, color);
      fillRect(data, cursor, y + (3 * size) / 2, t, t, color);
      cursor += t * 3;
      continue;
    }
    const on = SEGMENTS[char] ?? "";
    const segment: Record<string, [number, number, number, number]> = {
      a: [cursor, y, size, t],
      b: [cursor + size - t, y, t, size],
      c: [cursor + size - t, y + size, t, size],
      d: [cursor, y + 2 * size - t, size, t],
      e: [cursor, y + size, t, size],
      f: [cursor, y, t, size],
      g: [cursor, y + size - t / 2, size, t],
    };
    for (const name of on) {
      const rect = segment[name];
      if (rect) fillRect(data, Math.round(rect[0]), Math.round(rect[1]), rect[2], rect[3], color);
    }
    cursor += size + t * 2;
  }
}

/**
 * Draws one frame of a simulated camera and encodes it as a baseline JPEG (jpeg-js, quality 60,
 * about 10 KB): a background tinted by `hue` (0..359, one per camera), a block moving across with
 * `frame`, the wall-clock time HH:MM:SS and the frame number, so consecutive frames always differ.
 * `view` is where the PTZ head looks (scene.ts: the posts shift and scale with pan, tilt
 * and zoom) and whether the night picture (dark grey, IR-like) is on; the clock stays in place.
 */
export function drawSimulatedFrame(frame: number, at: Date, hue: number, view: FrameView = CENTRE_VIEW): Buffer {
  const data = Buffer.alloc(SIM_FRAME_WIDTH * SIM_FRAME_HEIGHT * 4);
  const base = hueToRgb(hue);
  for (let y = 0; y < SIM_FRAME_HEIGHT; y++) {
    const shade = 0.35 + (0.4 * y) / SIM_FRAME_HEIGHT;
    fillRect(data, 0, y, SIM_FRAME_WIDTH, 1, [base[0] * shade, base[1] * shade, base[2] * shade]);
  }
  drawScene(data, { width: SIM_FRAME_WIDTH, height: SIM_FRAME_HEIGHT }, view, fillRect);
  const travel = SIM_FRAME_WIDTH - 40;
  const position = frame % (2 * travel);
  const x = position < travel ? position : 2 * travel - position;
  fillRect(data, x, SIM_FRAME_HEIGHT - 50, 40, 30, [250, 250, 250]);
  if (view.night) toNightPicture(data);
  const clock = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  drawDigits(data, clock, 12, 12, 18, [255, 255, 255]);
  drawDigits(data, String(frame % 100000).padStart(5, "0"), 12, 66, 10, [255, 230, 120]);
  return jpeg.encode({ data, width: SIM_FRAME_WIDTH, height: SIM_FRAME_HEIGHT }, 60).data;
}

function hueToRgb(hue: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = 1 - Math.abs((h % 2) - 1);
  const [r, g, b] =
    h < 1 ? [1, x, 0] : h < 2 ? [x, 1, 0] : h < 3 ? [0, 1, x] : h < 4 ? [0, x, 1] : h < 5 ? [x, 0, 1] : [1, 0, x];
  return [Math.round(r * 255), Math.round(g * 255), Math.round(b * 255)];
}
