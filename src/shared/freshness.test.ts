import { describe, expect, it } from "vitest";
import { freshnessOf, OUTDATED_AFTER_MS, STALE_AFTER_MS } from "./freshness";

describe("freshnessOf (spec §9: outdated after 1 minute, stale after 5 minutes)", () => {
  it("uses the spec's thresholds", () => {
    expect(OUTDATED_AFTER_MS).toBe(60_000);
    expect(STALE_AFTER_MS).toBe(300_000);
  });

  it("is fresh just under a minute old", () => {
    expect(freshnessOf(0)).toBe("fresh");
    expect(freshnessOf(59_999)).toBe("fresh");
  });

  it("is outdated from exactly one minute until just under five", () => {
    expect(freshnessOf(60_000)).toBe("outdated");
    expect(freshnessOf(299_999)).toBe("outdated");
  });

  it("is stale from exactly five minutes on", () => {
    expect(freshnessOf(300_000)).toBe("stale");
    expect(freshnessOf(86_400_000)).toBe("stale");
  });

  it("treats a reading from the near future (clock skew) as fresh and an unknown age as stale", () => {
    expect(freshnessOf(-2_000)).toBe("fresh");
    expect(freshnessOf(Number.NaN)).toBe("stale");
    expect(freshnessOf(Number.POSITIVE_INFINITY)).toBe("stale");
  });
});
