import type { FastifyInstance } from "fastify";
import { BRIDGE_STATS_PATH, type BridgeStatsAnswer } from "../../contract/bridge";
import type { LimitStats } from "../broker/limits";
import type { BridgeStats } from "./stats";

/** What the bridge route reads. */
export interface BridgeRouteDeps {
  bridgeStats: BridgeStats;
  /** The embedded broker's refusals by limit (undefined with an external broker). */
  brokerLimitStats: LimitStats | undefined;
}

/** GET /bridge/stats on the general bases (our addition, docs/contract.md): the bridge's counters and the broker's refusals. */
export function bridgeRoutes({ bridgeStats, brokerLimitStats }: BridgeRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      BRIDGE_STATS_PATH,
      async () =>
        ({
          item: { ...bridgeStats, ...(brokerLimitStats ? { brokerLimits: { ...brokerLimitStats } } : {}) },
        }) satisfies BridgeStatsAnswer,
    );
  };
}
