/**
 * Polish alphabetical order (ą after a, ł after l, ż last), for the lists the home screen sorts by
 * name: rooms, lights, the heater and the AC, IR remotes, calendar events at the same time.
 *
 * One `Intl.Collator("pl")`, made on first use or ahead of it by {@link prepareCollation}: ICU's
 * collation data load on the main thread, so preparing it ahead keeps that cost out of the render of
 * the first sorted list (figures in docs/performance.md).
 */
let collator: Intl.Collator | null = null;

/** The one Polish collator (created once). */
function polishCollator(): Intl.Collator {
  collator ??= new Intl.Collator("pl");
  return collator;
}

/**
 * Compares two strings in Polish alphabetical order: negative when `a` comes first, 0 when equal,
 * positive otherwise (the same as `a.localeCompare(b, "pl")`). For `Array.prototype.sort`.
 */
export function comparePolish(a: string, b: string): number {
  return polishCollator().compare(a, b);
}

/**
 * Loads the collation data now, so the render that sorts the first list does not: call it
 * in a task of its own (an idle moment) before a screen that sorts by name. Idempotent, never throws.
 */
export function prepareCollation(): void {
  try {
    polishCollator();
  } catch {
    // A browser without Intl.Collator: comparePolish fails the same way later, where it is visible.
  }
}
