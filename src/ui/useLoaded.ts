import { useCallback, useEffect, useRef, useState } from "react";

/** Where a read shown on screen stands: still `loading`, `failed` (any error), or `loaded` with its value. */
export type Loaded<T> = { status: "loading" } | { status: "failed" } | { status: "loaded"; value: T };

/**
 * A list (or any value) read from the hub when shown: `fetch(source)` runs on mount and whenever
 * `source` changes (the command environment: a new session reads again); while `source` is null it
 * stays `loading` and nothing is read. `reload` reads again (after a change, or 'Spróbuj ponownie'),
 * keeping what is shown until the answer comes; a failed read shows `failed`, never throws.
 * `fetch` may be a new function each render: the one of the latest render is called.
 */
export function useLoaded<S, T>(
  source: S | null,
  fetch: (source: S) => Promise<T>,
): { loaded: Loaded<T>; reload: () => Promise<void> } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: "loading" });
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });
  const reload = useCallback(async () => {
    if (source === null) return;
    try {
      setLoaded({ status: "loaded", value: await fetchRef.current(source) });
    } catch {
      setLoaded({ status: "failed" });
    }
  }, [source]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { loaded, reload };
}
