import { useEffect } from "react";

/**
 * Sets `document.title` while the calling screen is mounted (spec §2: the app sets a page title),
 * e.g. `useDocumentTitle("Logowanie — Dom")`. The previous title is not restored: the next screen sets
 * its own.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
