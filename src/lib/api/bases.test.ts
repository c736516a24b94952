import { describe, expect, it } from "vitest";
import { DEFAULT_API_BASES, resolveApiBases } from "./bases";

describe("resolveApiBases (DESIGN §2: configurable bases, same-origin defaults)", () => {
  it("defaults to the same-origin paths of the contract", () => {
    expect(resolveApiBases({ env: {}, runtime: undefined })).toEqual({
      auth: "/api/auth/v1",
      general: "/api/v2",
      generalV1: "/api/v1",
      cameras: "/api/cameras/v1",
      camerasV5: "/api/cameras/v5",
      garage: "/api/garage/v1",
    });
  });

  it("takes build-time VITE_API_* values, and the runtime config over those", () => {
    const bases = resolveApiBases({
      env: { VITE_API_GENERAL: "https://hub.example/api/v2/", VITE_API_AUTH: "/auth-svc" },
      runtime: { apiBases: { auth: "/runtime-auth" } },
    });
    expect(bases.general).toBe("https://hub.example/api/v2");
    expect(bases.auth).toBe("/runtime-auth");
    expect(bases.garage).toBe(DEFAULT_API_BASES.garage);
  });

  it("ignores bad values with a warning instead of failing", () => {
    const warnings: string[] = [];
    const bases = resolveApiBases({
      env: { VITE_API_CAMERAS: "javascript:alert(1)" },
      runtime: { apiBases: { general: 42, garage: "/g?x=1" } },
      warn: (message) => warnings.push(message),
    });
    expect(bases.cameras).toBe("/api/cameras/v1");
    expect(bases.general).toBe("/api/v2");
    expect(bases.garage).toBe("/api/garage/v1");
    expect(warnings).toHaveLength(3);
  });

  it("ignores a runtime config that is not an object", () => {
    const warnings: string[] = [];
    expect(resolveApiBases({ env: {}, runtime: "oops", warn: (m) => warnings.push(m) })).toEqual(DEFAULT_API_BASES);
    expect(warnings).toHaveLength(1);
  });

  it("reads window.__DASHBOARD_CONFIG__ by default", () => {
    window.__DASHBOARD_CONFIG__ = { apiBases: { garage: "/garage-v9" } };
    try {
      expect(resolveApiBases({ env: {} }).garage).toBe("/garage-v9");
    } finally {
      delete window.__DASHBOARD_CONFIG__;
    }
  });
});
