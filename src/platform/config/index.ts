/** GET /config (spec §7): its atom, fetch and session resource. */
export { configAtom, type Config } from "./atoms";
export { CONFIG_PATH, fetchConfig } from "./api";
export { configResource } from "./resource";
