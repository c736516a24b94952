/** A cookie as a `Set-Cookie` header sets it: name and value (value "" = cleared). */
export type SetCookiePair = { name: string; value: string };

/**
 * The `name=value` pairs of a response's `Set-Cookie` headers, in order, attributes dropped (for
 * tests and benches keeping the hub's cookies as a browser would: `hub_session`, `hub_signed_in`).
 */
export function setCookiePairs(response: Response): SetCookiePair[] {
  return response.headers.getSetCookie().map((header) => {
    const pair = header.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    return at < 0
      ? { name: pair.trim(), value: "" }
      : { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
}
