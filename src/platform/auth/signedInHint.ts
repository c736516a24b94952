import { SIGNED_IN_COOKIE } from "../../../contract/auth";

/**
 * Whether this browser carries the hub's sign-in hint, `hub_signed_in=1` (docs/contract.md "Session
 * cookie"): the readable companion of the HttpOnly session cookie, set and cleared with it. Without
 * it (and with no user remembered on this device) the browser holds no session, so boot shows the
 * login form at once instead of asking `POST /session/validate` for a 401 (spec §4: the same
 * outcome, silently: no failed request on a new device's first screen).
 * `cookies` is a `document.cookie` string; defaults to the page's (empty where there is none).
 */
export function hasSignedInHint(cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookies
    .split(";")
    .some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`) && pair.trim() !== `${SIGNED_IN_COOKIE}=`);
}
