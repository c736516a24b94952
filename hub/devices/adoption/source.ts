import type { Adoption } from "../../../contract/adoption";

/** A change of one device's adoption: `adoption` null when it was removed. */
export interface AdoptionChange {
  id: string;
  adoption: Adoption | null;
}

/**
 * Where the hub's domains read the household's adoptions (contract/adoption.ts): by device id
 * (`<source>:<name>`). Implemented by the database store (adoption/store.ts); domains that stand a
 * device in for a spec screen (a plug as a switch, a sensor for a place, a cover as the garage, a
 * valve as the heater) read `all()` at start and follow `onChange` so that an adoption applies
 * without a restart.
 */
export interface AdoptionSource {
  /** The adoption of device `id`, or undefined. */
  get(id: string): Adoption | undefined;
  /** Every adoption, by device id. */
  all(): ReadonlyMap<string, Adoption>;
  /** Calls `listener` with every later change; answers a function that stops it. */
  onChange(listener: (change: AdoptionChange) => void): () => void;
}

/** An {@link AdoptionSource} over a fixed map (the household file's `devices` section, in tests). */
export function fixedAdoptions(entries: Readonly<Record<string, Adoption>> = {}): AdoptionSource {
  const map = new Map(Object.entries(entries));
  return { get: (id) => map.get(id), all: () => map, onChange: () => () => undefined };
}
