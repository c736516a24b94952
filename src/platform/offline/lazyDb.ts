/**
 * The Dexie database module, loaded on demand: Dexie (about 30 KB gzip) stays out of the JavaScript
 * needed for the first screen (DESIGN.md §6 budget); the service worker precaches the chunk, so
 * loading it offline costs a cache read.
 */
import type * as DbModuleNamespace from "../../shared/db";

/** The exports of src/shared/db. */
export type DbModule = typeof DbModuleNamespace;

let loading: Promise<DbModule> | undefined;

/** Loads src/shared/db once; later calls get the same promise. */
export function loadDb(): Promise<DbModule> {
  loading ??= import("../../shared/db");
  return loading;
}
