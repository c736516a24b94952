/**
 * The hub ↔ dashboard contract (docs/contract.md): one module per domain with the valibot schemas
 * of every request body and answer, the API paths, the error codes with their status, and the live
 * topics with their payload schemas. Imported by the hub, the dashboard, the service worker and the
 * tests; it imports only valibot.
 */
export * from "./auth";
export * from "./bridge";
export * from "./config";
export * from "./envelope";
export * from "./errors";
export * from "./lights";
export * from "./paths";
export * from "./preferences";
export * from "./sensors";
export * from "./settings";
export * from "./switches";
export * from "./topics";
export * from "./garage";
export * from "./settingValues";
export * from "./tasmota-console";
export * from "./ir";
export * from "./history";
export * from "./calendar";
export * from "./automations";
export * from "./cameras";
export * from "./gps";
export * from "./pv";
export * from "./climate";
export * from "./camera-controls";
export * from "./camera-state";
export * from "./devices";
export * from "./adoption";
export * from "./household";
export * from "./panels";
