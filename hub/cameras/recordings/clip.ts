import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MJPEG_BOUNDARY } from "../../../contract/cameras";

/** One recorded frame: when it came, milliseconds after the clip began, and the JPEG. */
export type ClipFrame = { offsetMs: number; jpeg: Buffer };

const EXTENSION = ".mjpeg";
const PARTIAL = ".part";

/**
 * A clip on disk: the frames as the MJPEG stream sends them, each part with its
 * `Content-Length` and an `X-Offset-Ms` header (when it came), so playback keeps the recorded pace.
 */
export function encodeClip(frames: readonly ClipFrame[]): Buffer {
  return Buffer.concat(
    frames.flatMap((frame) => [
      Buffer.from(
        `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${frame.jpeg.length}\r\nX-Offset-Ms: ${Math.round(frame.offsetMs)}\r\n\r\n`,
        "latin1",
      ),
      frame.jpeg,
      Buffer.from("\r\n", "latin1"),
    ]),
  );
}

/** Reads the frames of an {@link encodeClip} clip; a truncated or damaged tail is left out (the frames before it are kept). */
export function decodeClip(data: Buffer): ClipFrame[] {
  const frames: ClipFrame[] = [];
  const marker = Buffer.from(`--${MJPEG_BOUNDARY}\r\n`, "latin1");
  let at = data.indexOf(marker);
  while (at !== -1) {
    const headEnd = data.indexOf("\r\n\r\n", at, "latin1");
    if (headEnd === -1) break;
    const head = data.subarray(at, headEnd).toString("latin1");
    const length = Number(/Content-Length: (\d+)/.exec(head)?.[1]);
    const offsetMs = Number(/X-Offset-Ms: (\d+)/.exec(head)?.[1] ?? 0);
    const start = headEnd + 4;
    if (!(length > 0) || start + length > data.length) break;
    frames.push({ offsetMs, jpeg: data.subarray(start, start + length) });
    at = data.indexOf(marker, start + length);
  }
  return frames;
}

/**
 * The recordings' files under `<dataDir>/recordings`: `<id>.mjpeg`, written whole to
 * `<id>.mjpeg.part` and renamed, so a crash never leaves a half clip under a recording's name.
 */
export class ClipFiles {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** The file of recording `id`. */
  path(id: string): string {
    return join(this.dir, `${id}${EXTENSION}`);
  }

  /** Writes recording `id`'s clip (atomically: a temporary file renamed); returns its size in bytes. */
  write(id: string, data: Buffer): number {
    const partial = `${this.path(id)}${PARTIAL}`;
    writeFileSync(partial, data);
    renameSync(partial, this.path(id));
    return data.length;
  }

  /** Recording `id`'s frames. @throws when the file is missing */
  read(id: string): ClipFrame[] {
    return decodeClip(readFileSync(this.path(id)));
  }

  /** Deletes recording `id`'s file (nothing when it is already gone). */
  remove(id: string): void {
    rmSync(this.path(id), { force: true });
  }

  /** The recording ids with a complete file; leftover temporary files are deleted. */
  ids(): Set<string> {
    const ids = new Set<string>();
    for (const name of readdirSync(this.dir)) {
      if (name.endsWith(EXTENSION)) ids.add(name.slice(0, -EXTENSION.length));
      else if (name.endsWith(PARTIAL)) rmSync(join(this.dir, name), { force: true });
    }
    return ids;
  }
}
