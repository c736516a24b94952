// Build-time precompression: Brotli (quality 11) and gzip (level 9) copies beside every
// compressible file of the built dashboard, served by the hub with @fastify/static's `preCompressed`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Logger, Plugin } from "vite";

/** Extensions worth compressing (text); images, fonts and source maps are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/** Below this size a compressed copy saves less than a packet: skipped (the plain file is served). */
export const MIN_PRECOMPRESS_BYTES = 1024;

/** One precompressed file: its path and the sizes in bytes. */
export type PrecompressedFile = { path: string; raw: number; br: number; gzip: number };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Brotli at quality 11 (the maximum; a build step can afford it), told the input is text. */
export function brotli(bytes: Buffer): Buffer {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** gzip at level 9. */
export function gzip(bytes: Buffer): Buffer {
  return gzipSync(bytes, { level: 9 });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of at least
 * {@link MIN_PRECOMPRESS_BYTES} under `dir` (recursively). A copy that is not smaller than the
 * original is not written (the hub then sends the plain file). Returns what was written.
 */
export function precompressDir(dir: string): PrecompressedFile[] {
  const written: PrecompressedFile[] = [];
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_PRECOMPRESS_BYTES) continue;
    const br = brotli(bytes);
    const gz = gzip(bytes);
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    written.push({ path, raw: bytes.length, br: br.length, gzip: gz.length });
  }
  return written;
}

/**
 * Vite plugin running {@link precompressDir} on the output directory once everything is written.
 * A plain `closeBundle` step (not a bundle-level compression plugin) because vite-plugin-pwa writes
 * `sw.js` in its own `closeBundle`, outside the bundle: ordered `post` and sequential, this step runs
 * after it and sees every file in `dist/`, the service worker included.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  let logger: Logger | undefined;
  return {
    name: "dom:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const files = precompressDir(outDir);
        const raw = files.reduce((sum, f) => sum + f.raw, 0);
        const br = files.reduce((sum, f) => sum + f.br, 0);
        logger?.info(`precompressed ${files.length} files (br, gzip): ${raw} bytes -> ${br} bytes br`);
      },
    },
  };
}
