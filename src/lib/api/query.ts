/** A query parameter value; arrays become repeated keys (spec §7). `undefined` leaves the key out. */
export type QueryValue = string | number | boolean | Array<string | number | boolean> | undefined;
/** Query parameters of a call. */
export type Query = Record<string, QueryValue>;

/**
 * Serialises query parameters, arrays as repeated keys (spec §7: `{id: [1, 2]}` -> `id=1&id=2`).
 * @returns the search params (possibly empty)
 */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/** Joins an API base and a path with exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
  if (path === "") return baseUrl;
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
