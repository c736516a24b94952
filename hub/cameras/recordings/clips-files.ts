import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** A clip id: `clip-<epoch ms>-<8 hex>` (contract RecordingIdSchema). */
export const CLIP_ID = /^clip-\d{1,15}-[0-9a-f]{8}$/;

/** The files of one clip, by their role. */
export type ClipFileKind = "rec" | "mp4" | "jpg" | "pre" | "list";

const FILE_NAME = /^(clip-\d{1,15}-[0-9a-f]{8})\.(rec|mp4|jpg|pre|list)(\.tmp)?$/;

/**
 * The clips' folder (`<dataDir>/clips`): per clip `<id>.rec` (fragmented MP4 while ffmpeg records),
 * `<id>.mp4` (the finished clip), `<id>.jpg` (its snapshot), `<id>.pre` (the pre-roll, MPEG-TS, taken at
 * the motion from the camera's buffer) and `<id>.list` (ffmpeg's concat list joining it to the `.rec`); `.tmp` files are being written and
 * renamed into place when whole. Names other than these are never touched.
 */
export class ClipFolder {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** The path of clip `id`'s file of `kind` (with `.tmp` while written). @throws Error for an id that is not a clip id */
  path(id: string, kind: ClipFileKind, tmp = false): string {
    if (!CLIP_ID.test(id)) throw new Error("not a clip id");
    return join(this.dir, `${id}.${kind}${tmp ? ".tmp" : ""}`);
  }

  /** The clip files present: per id, the kinds that are whole; and every `.tmp` path. */
  scan(): { files: Map<string, Set<ClipFileKind>>; tmp: string[] } {
    const files = new Map<string, Set<ClipFileKind>>();
    const tmp: string[] = [];
    for (const name of readdirSync(this.dir)) {
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      if (match[3]) {
        tmp.push(join(this.dir, name));
        continue;
      }
      const id = match[1]!;
      const kinds = files.get(id) ?? new Set<ClipFileKind>();
      kinds.add(match[2] as ClipFileKind);
      files.set(id, kinds);
    }
    return { files, tmp };
  }

  /** Size of clip `id`'s file of `kind`, bytes, or null when it is not there. */
  size(id: string, kind: ClipFileKind): number | null {
    try {
      return statSync(this.path(id, kind)).size;
    } catch {
      return null;
    }
  }

  /** Clip `id`'s file of `kind`, or null when it is not there. */
  read(id: string, kind: ClipFileKind): Buffer | null {
    try {
      return readFileSync(this.path(id, kind));
    } catch {
      return null;
    }
  }

  /** Moves clip `id`'s `.tmp` file of `kind` into place. */
  commit(id: string, kind: ClipFileKind): void {
    renameSync(this.path(id, kind, true), this.path(id, kind));
  }

  /** Deletes clip `id`'s files of `kinds` (default all, `.tmp` ones too); missing ones, and an id that is no clip id, are fine. */
  remove(id: string, kinds: readonly ClipFileKind[] = ["rec", "mp4", "jpg", "pre", "list"]): void {
    if (!CLIP_ID.test(id)) return;
    for (const kind of kinds) {
      rmSync(this.path(id, kind), { force: true });
      rmSync(this.path(id, kind, true), { force: true });
    }
  }
}
