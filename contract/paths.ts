/**
 * The spec's API bases (spec §7, docs/contract.md "HTTP") with their same-origin default paths.
 * The hub serves each at its default; the dashboard may point each elsewhere (README).
 */
export const DEFAULT_API_BASES = {
  /** Authentication service v1: sessions, PIN lock, preferences, settings. */
  auth: "/api/auth/v1",
  /** General API v2. */
  general: "/api/v2",
  /** General API v1 (the hub serves the same routes as v2). */
  generalV1: "/api/v1",
  /** Camera API v1. */
  cameras: "/api/cameras/v1",
  /** Camera API v5. */
  camerasV5: "/api/cameras/v5",
  /** Garage API v1 (garage and gate). */
  garage: "/api/garage/v1",
} as const;

/** The name of one API base. */
export type ApiBaseName = keyof typeof DEFAULT_API_BASES;
