/**
 * The push domain's options (HubOptions.push): all optional, the defaults suit a household.
 * - `allowPrivateEndpoints`: admit push endpoints on loopback and private addresses, and plain
 *   `http://` on loopback (tests run their own push service there). Default false: an endpoint
 *   must be `https://` on a public address, since the hub POSTs to it (SSRF).
 * - `openAlertMs`: how long the gate or the garage door may stand open before a push (ms);
 *   default {@link DEFAULT_OPEN_ALERT_MS}, 10 minutes (HUB_PUSH_OPEN_MINUTES).
 * - `subject`: the VAPID `sub` claim, a `mailto:` or `https:` URL the push services may contact.
 * - `retryBaseMs`: the first retry's delay after a failed delivery (doubles each time); default 2 s.
 */
export interface PushOptions {
  allowPrivateEndpoints?: boolean;
  openAlertMs?: number;
  subject?: string;
  retryBaseMs?: number;
}

/** The gate or garage left open this long (ms) is pushed: 10 minutes. */
export const DEFAULT_OPEN_ALERT_MS = 10 * 60 * 1000;
/** The VAPID subject when none is configured. */
export const DEFAULT_VAPID_SUBJECT = "mailto:hub@dashboard.invalid";
/** The first retry's delay (ms); each further one doubles it. */
export const DEFAULT_RETRY_BASE_MS = 2_000;
