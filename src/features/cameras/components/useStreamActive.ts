import { useEffect, useState, type RefObject } from "react";

/**
 * Whether a live view should stream now: the page is visible (`visibilitychange`) and
 * the element is on screen (IntersectionObserver). False while hidden or scrolled away, so its
 * stream stops, and true again when it comes back, so the stream resumes.
 */
export function useStreamActive(ref: RefObject<Element | null>): boolean {
  const [pageVisible, setPageVisible] = useState(
    () => typeof document === "undefined" || document.visibilityState !== "hidden",
  );
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const handleVisibility = () => setPageVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", handleVisibility);
    return () => document.removeEventListener("visibilitychange", handleVisibility);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return pageVisible && onScreen;
}
