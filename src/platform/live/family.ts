import { atom, type Atom } from "jotai";
import * as v from "valibot";
import { createFamily } from "../../lib/state/family";
import { liveChildrenAtom, liveValueAtom } from "./atoms";
import { declareEventTopics } from "./events";

/** What {@link liveFamily} is built from. */
export type LiveFamilySpec<TSchema extends v.GenericSchema, T> = {
  /**
   * The topic pattern, MQTT-style: each `+` is one parameter, in order (`sensor/+/+` takes kind and
   * place). Parameters are inserted as given (a device name may itself hold a `/`).
   */
  pattern: string;
  /** The payload's valibot schema (validated where data enters, STYLE.md); a payload that fails it reads as null. */
  schema: TSchema;
  /** Shapes the validated payload and its arrival time (epoch ms) into what readers get; default `{ value, receivedAt }`. */
  map?: (payload: v.InferOutput<TSchema>, receivedAt: number) => T;
  /**
   * The topics carry events, not state (a panel's commands): every message reaches the store, in order,
   * not only a frame's last (events.ts); follow them with `store.sub`, since a render sees only the last.
   */
  events?: boolean;
};

/** The value of a live topic as {@link liveFamily} gives it without a `map`: the payload and when it arrived. */
export type LiveEntry<T> = { value: T; receivedAt: number };

/** A family of atoms for one topic pattern (see {@link liveFamily}). */
export type LiveFamily<T> = {
  /** The atom of the topic with these parameters: the mapped payload, null until a valid one arrives. */
  (...params: string[]): Atom<T | null>;
  /** The topic with these parameters (`sensor/temp/balcony`). */
  topic(...params: string[]): string;
  /**
   * The last levels known under the pattern with all but its last parameter given: for `power/+/+`,
   * `children("lamp")` is `["POWER1", "POWER2"]`. Follows only that parent, never the whole topic list.
   */
  children(...params: string[]): Atom<readonly string[]>;
};

/**
 * One family of atoms for a live topic pattern (DESIGN §4a "Live families"): each atom reads exactly
 * one topic's leaf (so one message re-renders only its readers), validates the payload with
 * `schema` and shapes it with `map`. Atoms are created on first use and released when nothing reads
 * them any more (an unmounted tile), and the same parameters give the same atom while it is read.
 * How many topics there are at all is capped where messages enter (createIngest's topic budget).
 */
export function liveFamily<TSchema extends v.GenericSchema, T = LiveEntry<v.InferOutput<TSchema>>>(
  spec: LiveFamilySpec<TSchema, T>,
): LiveFamily<T> {
  if (spec.events === true) declareEventTopics(spec.pattern);
  const parts = spec.pattern.split("+");
  const topic = (...params: string[]): string => {
    if (params.length !== parts.length - 1)
      throw new RangeError(`${spec.pattern} takes ${parts.length - 1} parameters, got ${params.length}`);
    return parts.reduce((built, part, i) => built + (i === 0 ? "" : (params[i - 1] ?? "")) + part, "");
  };
  const map = spec.map ?? ((value: v.InferOutput<TSchema>, receivedAt: number) => ({ value, receivedAt }) as T);
  const byTopic = createFamily(
    (name: string) =>
      atom((get): T | null => {
        const live = get(liveValueAtom(name));
        if (live === undefined) return null;
        const parsed = v.safeParse(spec.schema, live.value);
        return parsed.success ? map(parsed.output, live.receivedAt) : null;
      }),
    { releaseWhenUnused: true },
  );
  const family = ((...params: string[]) => byTopic(topic(...params))) as LiveFamily<T>;
  family.topic = topic;
  family.children = (...params: string[]) => {
    const parent = topic(...params, "\u0000");
    return liveChildrenAtom(parent.slice(0, parent.lastIndexOf("/")));
  };
  return family;
}
