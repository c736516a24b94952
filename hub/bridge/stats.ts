import type { RepublishLimitStats } from "./republish";

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
  /** Device messages of devices the household does not have: nothing republished (bridge/republish.ts). */
  unknownDevice: number;
  /** Namespace messages not published because their device, or all devices, reached the retained limit. */
  retainedLimits: RepublishLimitStats;
}
