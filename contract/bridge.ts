import * as v from "valibot";
import { itemOf } from "./envelope";

/** Path of the bridge counters on the general base (our addition, docs/contract.md). */
export const BRIDGE_STATS_PATH = "/bridge/stats";

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The `item` of `GET /bridge/stats`: device messages received, namespace messages published,
 * dropped as bad input, configured fields ignored; `unknownDevice`: device messages of devices the
 * household does not have (nothing republished); `retainedLimits`: namespace messages not
 * republished because their device (`retained topics per device`) or all devices (`retained
 * topics in all`) reached the retained limit; with the embedded broker, `brokerLimits`: its
 * refusals by limit name.
 */
export const BridgeStatsSchema = v.object({
  received: Count,
  published: Count,
  dropped: Count,
  ignored: Count,
  unknownDevice: Count,
  retainedLimits: v.object({ "retained topics per device": Count, "retained topics in all": Count }),
  brokerLimits: v.optional(v.record(v.string(), Count)),
});
export type BridgeStatsAnswer = v.InferOutput<typeof BridgeStatsAnswerSchema>;
/** `{item: BridgeStats}`: the answer of `GET /bridge/stats`. */
export const BridgeStatsAnswerSchema = itemOf(BridgeStatsSchema);
