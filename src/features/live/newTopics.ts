import type { Getter, Setter } from "jotai";
import { liveChildrenAtom, liveTopicsAtom, splitTopic } from "./atoms";

/**
 * Records topics seen for the first time (called once per applied batch or restore, only with new
 * topics): one new topic set, and one write per parent whose children changed (liveChildrenAtom).
 */
export function recordNewTopics(get: Getter, set: Setter, known: ReadonlySet<string>, added: ReadonlySet<string>): void {
  set(liveTopicsAtom, new Set([...known, ...added]));
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
