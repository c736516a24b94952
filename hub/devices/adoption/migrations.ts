import type { Migration } from "../../core/db";

/**
 * The devices domain's tables (core/db.ts): `device_seen`, every device the registry ever listed
 * (`first_seen` ISO-8601, kept when it leaves and comes back; `seen_at` when a household member
 * looked at it, NULL until then), and `device_adoptions`, each device's adoption as JSON of the
 * contract's AdoptionSchema (NULL: removed by the household, so the household file's `devices`
 * section does not seed it again).
 */
export const ADOPTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 12,
    order: 11,
    sql: `
      CREATE TABLE device_seen (
        id TEXT PRIMARY KEY,
        first_seen TEXT NOT NULL,
        seen_at TEXT
      );
      CREATE TABLE device_adoptions (
        id TEXT PRIMARY KEY,
        adoption TEXT,
        updated_at TEXT NOT NULL
      );
    `,
  },
];
