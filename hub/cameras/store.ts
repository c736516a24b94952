import * as v from "valibot";
import type { CameraConfigBody } from "../../contract/cameras";
import { CameraScalingSchema } from "../../contract/cameras";
import type { Db } from "../core/db";

/** What may be edited of a camera (PATCH ../v5/cameras/{id}), as stored in `camera_edits.json`. */
const StoredEditSchema = v.object({
  label: v.optional(v.string()),
  enabled: v.optional(v.boolean()),
  nightmode: v.optional(v.boolean()),
  scaling: v.optional(CameraScalingSchema),
  blackAndWhite: v.optional(v.boolean()),
});
export type CameraEdit = v.InferOutput<typeof StoredEditSchema>;

/**
 * Camera edits kept across restarts (table `camera_edits`, migration 10): one JSON object per
 * camera id laid over the household file's camera. A row that fails validation reads as no edit.
 */
export class CameraEditStore {
  constructor(private readonly db: Db) {}

  /** The edit of camera `id`, or an empty one. */
  get(id: string): CameraEdit {
    const row = this.db.prepare<[string], { json: string }>("SELECT json FROM camera_edits WHERE id = ?").get(id);
    if (!row) return {};
    try {
      const parsed = v.safeParse(StoredEditSchema, JSON.parse(row.json));
      return parsed.success ? parsed.output : {};
    } catch {
      return {};
    }
  }

  /** Merges `config` into camera `id`'s edit and stores it; returns the merged edit. */
  merge(id: string, config: CameraConfigBody["config"]): CameraEdit {
    const merged: CameraEdit = { ...this.get(id) };
    for (const [key, value] of Object.entries(config))
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    this.db
      .prepare(
        "INSERT INTO camera_edits (id, json, updated_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at",
      )
      .run(id, JSON.stringify(merged), new Date().toISOString());
    return merged;
  }
}
