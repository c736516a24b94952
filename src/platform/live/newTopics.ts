import type { Getter, Setter } from "jotai";
import { liveChildrenAtom, liveTopicsAtom, splitTopic } from "./atoms";

/**
 * Records topics seen for the first time (called once per applied batch or restore, only with new
 * topics): O(new topics), never a copy of every topic held (copying the set for each batch that
 * brought a new topic would be a whole-list pass per frame). The store's
 * topic set is made once, with its first topics, and then grows in place (see liveTopicsAtom); each
 * parent whose children changed gets one new children array (liveChildrenAtom).
 */
export function recordNewTopics(
  get: Getter,
  set: Setter,
  known: ReadonlySet<string>,
  added: ReadonlySet<string>,
): void {
  // The atom's initial empty Set is shared by every store: the first topics get a Set of this store's own.
  if (known.size === 0) set(liveTopicsAtom, new Set(added));
  else for (const topic of added) (known as Set<string>).add(topic);
  const byParent = new Map<string, string[]>();
  for (const topic of added) {
    const [parent, child] = splitTopic(topic);
    const children = byParent.get(parent) ?? [];
    children.push(child);
    byParent.set(parent, children);
  }
  for (const [parent, children] of byParent) {
    const childrenAtom = liveChildrenAtom(parent);
    set(childrenAtom, [...get(childrenAtom), ...children]);
  }
}
