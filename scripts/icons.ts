/**
 * Generates the PWA manifest icons in public/icons/ with nothing but Node (zlib writes the PNG):
 * icon-192.png, icon-512.png (house on a rounded dark tile, transparent corners) and
 * icon-maskable-512.png (full-bleed background, house inside the 80 % safe zone of the maskable
 * icon spec). Run: `npx tsx scripts/icons.ts`. The outputs are committed.
 */
import { deflateSync } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Rgba = readonly [number, number, number, number];

/** Theme colours (also in the manifest: background_color / theme_color). */
const BACKGROUND: Rgba = [0x10, 0x14, 0x18, 255];
const HOUSE: Rgba = [0xf5, 0x9e, 0x0b, 255];
const DOOR: Rgba = BACKGROUND;
const TRANSPARENT: Rgba = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGBA pixels (row-major, 4 bytes each) as a PNG (colour type 6, 8 bits, no filter). */
function encodePng(size: number, pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** Colour of the point (x, y) in unit coordinates [0, 1], house scaled by `scale` around the centre. */
function shade(x: number, y: number, scale: number, maskable: boolean): Rgba {
  const r = 0.18;
  const inTile = maskable || insideRoundedSquare(x, y, r);
  if (!inTile) return TRANSPARENT;
  const u = (x - 0.5) / scale + 0.5;
  const w = (y - 0.5) / scale + 0.5;
  const roof = w >= 0.18 && w <= 0.5 && Math.abs(u - 0.5) <= (w - 0.18) * 1.1;
  const body = u >= 0.27 && u <= 0.73 && w >= 0.48 && w <= 0.82;
  const door = u >= 0.44 && u <= 0.56 && w >= 0.62 && w <= 0.82;
  if (door) return DOOR;
  if (roof || body) return HOUSE;
  return BACKGROUND;
}

function insideRoundedSquare(x: number, y: number, r: number): boolean {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

/** Renders one icon with 4x4 supersampling. */
function render(size: number, scale: number, maskable: boolean): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, scale, maskable);
          const a = c[3] / 255;
          acc[0] = (acc[0] ?? 0) + c[0] * a;
          acc[1] = (acc[1] ?? 0) + c[1] * a;
          acc[2] = (acc[2] ?? 0) + c[2] * a;
          acc[3] = (acc[3] ?? 0) + c[3];
        }
      }
      const n = samples * samples;
      const alpha = (acc[3] ?? 0) / n;
      const i = (py * size + px) * 4;
      const cover = alpha === 0 ? 1 : (alpha / 255) * n;
      pixels[i] = Math.round((acc[0] ?? 0) / cover);
      pixels[i + 1] = Math.round((acc[1] ?? 0) / cover);
      pixels[i + 2] = Math.round((acc[2] ?? 0) / cover);
      pixels[i + 3] = Math.round(alpha);
    }
  }
  return encodePng(size, pixels);
}

const outDir = join(import.meta.dirname, "..", "public", "icons");
mkdirSync(outDir, { recursive: true });
const outputs: Array<[string, Buffer]> = [
  ["icon-192.png", render(192, 1, false)],
  ["icon-512.png", render(512, 1, false)],
  ["icon-maskable-512.png", render(512, 0.72, true)],
  ["apple-touch-icon-180.png", render(180, 0.9, true)],
];
for (const [name, png] of outputs) {
  writeFileSync(join(outDir, name), png);
  console.log(`${name}: ${png.length} bytes`);
}
