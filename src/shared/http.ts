/**
 * Statuses a gateway in front of a dead hub answers with (a reverse proxy's 502/503/504), and the
 * service worker's own `503 {"code":"OFFLINE"}`: they prove nothing about the hub, so the app treats
 * them like a network failure (DESIGN §5). The hub itself answers 500 for its own failures.
 */
export const GATEWAY_FAILURE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** True for a status in {@link GATEWAY_FAILURE_STATUSES}. */
export function isGatewayFailure(status: number): boolean {
  return GATEWAY_FAILURE_STATUSES.has(status);
}
