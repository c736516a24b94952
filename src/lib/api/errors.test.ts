import { describe, expect, it } from "vitest";
import { ApiError, bodyRefusalOf } from "./errors";

const refused = (body: unknown) =>
  new ApiError("HTTP 400 (BAD_REQUEST)", { kind: "client", status: 400, code: "BAD_REQUEST", body });

describe("bodyRefusalOf (the hub's 400 naming a field, spec §8)", () => {
  it("splits the body's message into the field path and the reason", () => {
    expect(bodyRefusalOf(refused({ code: "BAD_REQUEST", message: "config.label: must not be empty" }))).toEqual({
      message: "config.label: must not be empty",
      field: "config.label",
      reason: "must not be empty",
    });
  });

  it("a message naming no field has none; without a body message the error's own message is used", () => {
    expect(bodyRefusalOf(refused({ code: "BAD_REQUEST", message: "body must be JSON" }))).toEqual({
      message: "body must be JSON",
      field: null,
      reason: "body must be JSON",
    });
    expect(bodyRefusalOf(refused(null))?.message).toBe("HTTP 400 (BAD_REQUEST)");
  });

  it("any other error is not a refusal", () => {
    expect(bodyRefusalOf(new ApiError("HTTP 409", { kind: "client", status: 409, code: "DEVICE_BUSY" }))).toBeNull();
    expect(bodyRefusalOf(new Error("boom"))).toBeNull();
  });
});
