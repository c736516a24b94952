import { describe, expect, it } from "vitest";
import { formatCoordinates, formatDistance } from "./format";

describe("GPS formatting", () => {
  it("shows metres under 1 km and kilometres with one decimal above, in the user's locale", () => {
    expect(formatDistance(57.4, "pl")).toBe("57\u00a0m");
    expect(formatDistance(1234, "pl")).toBe("1,2\u00a0km");
    expect(formatDistance(1234, "en")).toBe("1.2\u00a0km");
  });

  it("shows coordinates with 5 decimals and hemispheres", () => {
    expect(formatCoordinates(52.164712, 21.078905, "pl")).toBe("52,16471°\u00a0N, 21,07891°\u00a0E");
    expect(formatCoordinates(-33.8688, -70.5, "en")).toBe("33.86880°\u00a0S, 70.50000°\u00a0W");
  });
});
