import type { FrameView } from "./ptz";

/** Size of the frame the scene is drawn into (frames.ts's). */
type Size = { width: number; height: number };
type Rgb = readonly [number, number, number];
type FillRect = (data: Buffer, x0: number, y0: number, w: number, h: number, color: Rgb) => void;

/** World x of the scene's posts, pixels at zoom 1 (the demo camera's field of view is 320 px of it). */
const POSTS = Array.from({ length: 21 }, (_, i) => (i - 10) * 60);

/**
 * Draws the demo camera's scene as the camera's PTZ view sees it: a ground below a
 * horizon and a row of posts of different heights and colours, shifted by `view.pan` (px, + right)
 * and `view.tilt` (px, + up) and scaled by `view.zoom` (1..4) around the picture's centre, so a PTZ
 * move is visible in the live view.
 */
export function drawScene(data: Buffer, size: Size, view: FrameView, fillRect: FillRect): void {
  const centreX = size.width / 2;
  const horizon = Math.round(size.height * 0.55 + view.tilt * view.zoom);
  fillRect(data, 0, horizon, size.width, size.height - horizon, [60, 80, 52]);
  POSTS.forEach((worldX, i) => {
    const height = (28 + ((i * 37) % 5) * 9) * view.zoom;
    const width = Math.max(2, Math.round(12 * view.zoom));
    const x = Math.round((worldX - view.pan) * view.zoom + centreX - width / 2);
    const color: Rgb = i % 3 === 0 ? [200, 60, 50] : i % 3 === 1 ? [230, 200, 70] : [90, 110, 220];
    fillRect(data, x, Math.round(horizon - height), width, Math.round(height), color);
  });
}

/**
 * The infrared night picture (night mode on): every pixel turned to a dark grey of its
 * own brightness (about a third of it plus a little noise floor), as an IR camera's monochrome
 * picture looks.
 */
export function toNightPicture(data: Buffer): void {
  for (let i = 0; i < data.length; i += 4) {
    const luma = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    const grey = Math.round(18 + luma * 0.35);
    data[i] = grey;
    data[i + 1] = grey;
    data[i + 2] = grey;
  }
}
