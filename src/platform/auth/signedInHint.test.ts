import { describe, expect, it } from "vitest";
import { hasSignedInHint } from "./signedInHint";

describe("hasSignedInHint", () => {
  it("finds hub_signed_in among other cookies, in any position", () => {
    expect(hasSignedInHint("hub_signed_in=1")).toBe(true);
    expect(hasSignedInHint("theme=dark; hub_signed_in=1; other=2")).toBe(true);
  });

  it("is false with no cookie, an emptied hint, or a cookie whose name only starts alike", () => {
    expect(hasSignedInHint("")).toBe(false);
    expect(hasSignedInHint("hub_signed_in=")).toBe(false);
    expect(hasSignedInHint("hub_signed_in_old=1; xhub_signed_in=1")).toBe(false);
  });
});
