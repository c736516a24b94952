import type * as DbModule from "../../shared/db";
import type { DashboardDb } from "../../shared/db";
import type { JotaiStore } from "../../shared/store";

/**
 * What a persisted part works with: the store, the database, and the database module (loaded lazily
 * by the offline feature, so a part's declaration does not pull Dexie into the first screen).
 */
export type PersistContext = { store: JotaiStore; db: DashboardDb; dbm: typeof DbModule };

/** One running persistence of a part: what changes, how to save it, how to forget it. */
export type PersistedSaver = {
  /** Changes (Object.is) whenever there is something new to save. */
  version(): unknown;
  /** Saves what changed to IndexedDB. Rejects on a storage failure (retried on the next tick). */
  save(): Promise<void>;
  /** Forgets it on logout: the store's value and what IndexedDB holds. */
  clear(): Promise<void>;
  /** Entries it could not save so far (diagnostics), when it counts them. */
  skipped?(): number;
};

/**
 * State a feature keeps across reloads (DESIGN §4a "Each feature declares what it loads and
 * persists"; spec §7 "persisted every 5 s"). The app lists the parts once (src/app/persistedParts.ts);
 * the offline feature restores them at start, saves them every 5 s while changed, and clears them on
 * logout.
 */
export type PersistedPart = {
  /** Names it; also its entry in the localStorage cache when it keeps one. */
  readonly name: string;
  /**
   * Kept in the localStorage cache too and restored from it synchronously at start, so the first
   * render already has it (preferences: layout, zoom lock, locale).
   */
  readonly local?: {
    /** The value to keep (JSON). */
    read(store: JotaiStore): unknown;
    /** Restores a kept value after validating it; false when it was not valid. */
    restore(store: JotaiStore, saved: unknown): boolean;
  };
  /**
   * Restores it from IndexedDB at start (`restoredLocally`: the localStorage cache already had it).
   * Resolves with how many live leaves it restored (0 for anything else).
   */
  restore(context: PersistContext, restoredLocally: boolean): Promise<number>;
  /** Starts persisting it. */
  start(context: PersistContext): PersistedSaver;
};
