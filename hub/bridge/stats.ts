/** Bridge counters served at `GET /api/v2/bridge/stats` (docs/contract.md). */
export interface BridgeStats {
  /** Device messages the bridge looked at. */
  received: number;
  /** Namespace messages it published. */
  published: number;
  /** Messages or fields refused as bad input (not JSON, wrong type, NaN, negative PM, hostile topic, oversized). */
  dropped: number;
  /** Configured fields absent from a payload (e.g. a German-locale Tasmota build's `Temperatur`). */
  ignored: number;
}

export const newBridgeStats = (): BridgeStats => ({ received: 0, published: 0, dropped: 0, ignored: 0 });
