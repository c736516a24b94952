import { useEffect, useState, type RefObject } from "react";

type Watcher = (near: boolean) => void;
const watchers = new WeakMap<Element, Watcher>();
let observer: IntersectionObserver | null = null;

/** The one observer of every watched element (a list of 500 rows costs one observer, not 500). */
function sharedObserver(): IntersectionObserver | null {
  if (observer === null && typeof IntersectionObserver !== "undefined") {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
      },
      { rootMargin: "200px 0px" },
    );
  }
  return observer;
}

/**
 * True while `ref`'s element is on screen or within 200 px of it (one shared IntersectionObserver):
 * a row subscribes to its live values only then. True where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    const shared = sharedObserver();
    if (element === null || shared === null) return;
    watchers.set(element, setNear);
    shared.observe(element);
    return () => {
      shared.unobserve(element);
      watchers.delete(element);
    };
  }, [ref]);
  return near;
}
