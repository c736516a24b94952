import * as v from "valibot";
import { AdoptionSchema, type Adoption, type ListedDevice } from "../../../contract/adoption";
import type { Device } from "../../../contract/devices";
import type { HubLogger } from "../../broker/link";
import type { Db } from "../../core/db";
import type { DeviceChange, DeviceRegistry } from "../registry";
import type { AdoptionChange, AdoptionSource } from "./source";

/** How many devices `device_seen` remembers at most: beyond it, the oldest ones neither listed nor adopted are forgotten. */
export const MAX_SEEN_RECORDS = 4096;

/** When a device was first listed and when a household member looked at it (null: not yet). */
interface SeenRecord {
  firstSeen: string;
  seenAt: string | null;
}

/** What the store is told besides its database and registry. */
export interface AdoptionStoreOptions {
  /** The household file's `devices` section: each id the database has no row for is stored at start. */
  seed?: Readonly<Record<string, Adoption>> | undefined;
  /** Devices the household file names (its switches', garage's, IR blasters' Tasmota devices): known, so never new. */
  known?: ReadonlySet<string> | undefined;
  /**
   * Called once after each write that changes what `GET /devices` answers (an adoption set or
   * removed, a device marked looked at, an import, a rename): the hub bumps `devices/revision` there.
   */
  onChanged?: (() => void) | undefined;
  log?: HubLogger | undefined;
  /** The clock (tests). */
  now?: () => Date;
}

/** A registry change, read so that a kind the registry may add (`renamed`, with the old device's `from` id) is handled. */
type AnyDeviceChange = { kind: string; device: Device; from?: unknown };

/**
 * The household's adoptions and the devices' first-seen and looked-at times, in the hub's database
 * (adoption/migrations.ts), read into memory at start. Implements {@link AdoptionSource} for the
 * domains; the devices routes write through it. Follows the registry: a device listed for the
 * first time gets its `firstSeen` (kept across restarts and when it leaves and comes back); a
 * device renamed (a registry change `renamed` with `from`, the old id) takes its adoption and seen
 * record along. At start, each adoption of the household file's `devices` section is stored when
 * the database has no row for that id (the file seeds; the database wins after; an adoption the
 * household removed stays removed). Adoption rows that no longer parse are skipped and logged.
 */
export class AdoptionStore implements AdoptionSource {
  private readonly adoptions = new Map<string, Adoption>();
  /** Ids with a row in device_adoptions, removed ones (NULL) included. */
  private readonly rows = new Set<string>();
  private readonly seen = new Map<string, SeenRecord>();
  private readonly listeners = new Set<(change: AdoptionChange) => void>();
  private readonly stopFollowing: () => void;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly registry: DeviceRegistry,
    private readonly options: AdoptionStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.load();
    this.seedFrom(options.seed ?? {});
    for (const device of registry.list()) this.recordSeen(device.id);
    this.stopFollowing = registry.onChange((change) => this.follow(change));
  }

  /** The adoption of device `id`, or undefined. */
  get(id: string): Adoption | undefined {
    return this.adoptions.get(id);
  }

  /** Every adoption, by device id. */
  all(): ReadonlyMap<string, Adoption> {
    return this.adoptions;
  }

  /** Calls `listener` with every later adoption change; answers a function that stops it. */
  onChange(listener: (change: AdoptionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * `device` as `GET /devices` lists it: with `firstSeen`, `seen` and its adoption (null: none). A device
   * is seen once looked at (markSeen), or when the household already knows it: adopted, or named by the
   * household file (`known`).
   */
  listed(device: Device): ListedDevice {
    const record = this.seen.get(device.id) ?? this.recordSeen(device.id);
    const adoption = this.adoptions.get(device.id) ?? null;
    return {
      ...device,
      firstSeen: record.firstSeen,
      seen: record.seenAt !== null || adoption !== null || (this.options.known?.has(device.id) ?? false),
      adoption,
    };
  }

  /** Every device of the registry as {@link listed}, sorted by id. */
  list(): ListedDevice[] {
    return this.registry.list().map((device) => this.listed(device));
  }

  /** Stores `adoption` (already checked: routes.ts) as device `id`'s. */
  put(id: string, adoption: Adoption): void {
    this.write(id, adoption);
    this.emit({ id, adoption });
    this.options.onChanged?.();
  }

  /** Removes device `id`'s adoption; false when it had none. */
  remove(id: string): boolean {
    if (!this.adoptions.has(id)) return false;
    this.write(id, null);
    this.emit({ id, adoption: null });
    this.options.onChanged?.();
    return true;
  }

  /** Marks device `id` looked at (its first time only; later marks keep that time). False when the registry does not list it. */
  markSeen(id: string): boolean {
    if (!this.registry.get(id)) return false;
    const record = this.seen.get(id) ?? this.recordSeen(id);
    if (record.seenAt !== null) return true;
    record.seenAt = this.now().toISOString();
    this.db.prepare("UPDATE device_seen SET seen_at = ? WHERE id = ?").run(record.seenAt, id);
    this.options.onChanged?.();
    return true;
  }

  /**
   * Replaces every adoption with `adoptions` in one transaction (a household import): ids not in
   * it are removed (and not seeded again by the household file).
   */
  replaceAll(adoptions: Readonly<Record<string, Adoption>>): void {
    const before = new Map(this.adoptions);
    const next = new Map(Object.entries(adoptions));
    this.db.transaction(() => {
      for (const id of [...this.rows, ...(Object.keys(this.options.seed ?? {}) as string[])])
        if (!next.has(id)) this.write(id, null);
      for (const [id, adoption] of next) this.write(id, adoption);
    })();
    for (const id of before.keys()) if (!next.has(id)) this.emit({ id, adoption: null });
    for (const [id, adoption] of next) this.emit({ id, adoption });
    this.options.onChanged?.();
  }

  /** Stops following the registry. */
  stop(): void {
    this.stopFollowing();
  }

  private load(): void {
    const seen = this.db
      .prepare<[], { id: string; first_seen: string; seen_at: string | null }>(
        "SELECT id, first_seen, seen_at FROM device_seen",
      )
      .all();
    for (const row of seen) this.seen.set(row.id, { firstSeen: row.first_seen, seenAt: row.seen_at });
    const rows = this.db
      .prepare<[], { id: string; adoption: string | null }>("SELECT id, adoption FROM device_adoptions")
      .all();
    for (const row of rows) {
      this.rows.add(row.id);
      if (row.adoption === null) continue;
      const parsed = parseStored(row.adoption);
      if (parsed) this.adoptions.set(row.id, parsed);
      else this.options.log?.warn({ device: row.id.slice(0, 64) }, "a stored device adoption does not parse: skipped");
    }
  }

  private seedFrom(seed: Readonly<Record<string, Adoption>>): void {
    const fresh = Object.entries(seed).filter(([id]) => !this.rows.has(id));
    if (fresh.length === 0) return;
    this.db.transaction(() => {
      for (const [id, adoption] of fresh) this.write(id, adoption);
    })();
  }

  /** Writes device `id`'s row (null: removed) and the memory. */
  private write(id: string, adoption: Adoption | null): void {
    this.db
      .prepare(
        `INSERT INTO device_adoptions (id, adoption, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET adoption = excluded.adoption, updated_at = excluded.updated_at`,
      )
      .run(id, adoption === null ? null : JSON.stringify(adoption), this.now().toISOString());
    this.rows.add(id);
    if (adoption === null) this.adoptions.delete(id);
    else this.adoptions.set(id, adoption);
  }

  /** Device `id`'s seen record, made (first seen now) when it has none. */
  private recordSeen(id: string): SeenRecord {
    const known = this.seen.get(id);
    if (known) return known;
    const record: SeenRecord = { firstSeen: this.now().toISOString(), seenAt: null };
    this.db
      .prepare("INSERT OR IGNORE INTO device_seen (id, first_seen, seen_at) VALUES (?, ?, NULL)")
      .run(id, record.firstSeen);
    this.seen.set(id, record);
    if (this.seen.size > MAX_SEEN_RECORDS) this.forgetOldest();
    return record;
  }

  /** Forgets the oldest seen records of devices neither listed nor adopted, down to {@link MAX_SEEN_RECORDS}. */
  private forgetOldest(): void {
    const gone = [...this.seen.entries()]
      .filter(([id]) => !this.registry.get(id) && !this.adoptions.has(id))
      .sort((a, b) => (a[1].firstSeen < b[1].firstSeen ? -1 : 1))
      .slice(0, this.seen.size - MAX_SEEN_RECORDS);
    const remove = this.db.prepare("DELETE FROM device_seen WHERE id = ?");
    this.db.transaction(() => {
      for (const [id] of gone) {
        remove.run(id);
        this.seen.delete(id);
      }
    })();
  }

  private follow(change: DeviceChange): void {
    const any = change as AnyDeviceChange;
    if (any.kind === "added") this.recordSeen(any.device.id);
    else if (any.kind === "renamed" && typeof any.from === "string") this.rename(any.from, any.device.id);
  }

  /** Device `from` is now `to`: its seen record and adoption move along (an adoption `to` already has is kept). */
  private rename(from: string, to: string): void {
    if (from === to) return;
    const record = this.seen.get(from);
    const adoption = this.adoptions.get(from);
    const moveAdoption = adoption !== undefined && !this.adoptions.has(to);
    this.db.transaction(() => {
      if (record) {
        this.db.prepare("DELETE FROM device_seen WHERE id = ?").run(to);
        this.db.prepare("UPDATE device_seen SET id = ? WHERE id = ?").run(to, from);
        this.seen.delete(from);
        this.seen.set(to, record);
      } else this.recordSeen(to);
      if (moveAdoption) {
        this.write(from, null);
        this.write(to, adoption);
      }
    })();
    if (moveAdoption) {
      this.emit({ id: from, adoption: null });
      this.emit({ id: to, adoption });
    }
    this.options.onChanged?.();
  }

  private emit(change: AdoptionChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.options.log?.error({ err: error, device: change.id.slice(0, 64) }, "an adoption listener failed");
      }
    }
  }
}

/** A stored adoption's JSON, parsed with the contract's schema; undefined when it does not parse. */
function parseStored(json: string): Adoption | undefined {
  try {
    const result = v.safeParse(AdoptionSchema, JSON.parse(json));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}
