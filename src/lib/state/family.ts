import type { Atom } from "jotai";

/** Options of {@link createFamily}. */
export type FamilyOptions = {
  /**
   * Release an entry when its atom is unmounted (the last component or subscription reading it went
   * away): the next call with that key creates a fresh atom. Only for atoms whose value can be
   * rebuilt (derived atoms, or state that may reset when nobody shows it). Default false.
   */
  releaseWhenUnused?: boolean;
};

/** An atom family (the jotai-family API): one atom per key, the same atom for the same key. */
export type Family<Key, A> = {
  (key: Key): A;
  /** Forgets the entry of `key` (the next call creates a new atom). */
  remove(key: Key): void;
  /**
   * Sets a rule run over every entry now and on each later call: entries it returns true for are
   * removed (e.g. older than a minute). Null turns it off.
   */
  setShouldRemove(rule: ((createdAt: number, key: Key) => boolean) | null): void;
  /** Keys held now (tests, diagnostics). */
  keys(): Key[];
};

type Mountable = { onMount?: (setAtom: never) => void | (() => void); write?: unknown };

/**
 * Creates an atom family keyed by a primitive (string, number): `create(key)` builds the atom the
 * first time a key is asked for. With `releaseWhenUnused`, the atom's `onMount` counts readers, and
 * the entry is dropped when the last one unmounts, so a family over topics does not keep an atom for
 * every topic ever shown (DESIGN §4a "released when unused"). An atom that defines its own `onMount`
 * keeps it (called first); a read-only atom is given a no-op write, since Jotai mounts only writable
 * atoms' onMount. Same API as jotai-family (`remove`, `setShouldRemove`).
 */
export function createFamily<Key extends string | number, A extends Atom<unknown>>(
  create: (key: Key) => A,
  options: FamilyOptions = {},
): Family<Key, A> {
  const entries = new Map<Key, { atom: A; createdAt: number }>();
  let shouldRemove: ((createdAt: number, key: Key) => boolean) | null = null;

  const sweep = (): void => {
    if (!shouldRemove) return;
    for (const [key, entry] of entries) if (shouldRemove(entry.createdAt, key)) entries.delete(key);
  };

  const family = ((key: Key): A => {
    sweep();
    const existing = entries.get(key);
    if (existing) return existing.atom;
    const created = create(key);
    if (options.releaseWhenUnused) {
      const target = created as unknown as Mountable;
      const own = target.onMount;
      // Jotai calls onMount only on atoms with a write function: a read-only (derived) atom gets a no-op one.
      if (typeof target.write !== "function") target.write = () => undefined;
      let mounted = 0;
      target.onMount = ((setAtom: never) => {
        mounted++;
        const cleanup = own?.(setAtom);
        return () => {
          if (typeof cleanup === "function") cleanup();
          mounted--;
          if (mounted === 0 && entries.get(key)?.atom === created) entries.delete(key);
        };
      }) as Mountable["onMount"];
    }
    entries.set(key, { atom: created, createdAt: Date.now() });
    return created;
  }) as Family<Key, A>;

  family.remove = (key) => {
    entries.delete(key);
  };
  family.setShouldRemove = (rule) => {
    shouldRemove = rule;
    sweep();
  };
  family.keys = () => [...entries.keys()];
  return family;
}
