import * as v from "valibot";
import { HouseholdDevicesSchema } from "./adoption";
import { itemOf } from "./envelope";

/**
 * The household file as an export and import (docs/contract.md "Devices: adoption"), on the general
 * bases. The file's `devices` section (adoptions by device id) lives in the hub's database; every
 * other section is read from the file at start only.
 */

/** `GET /household/export`: the household as the hub loaded it, its `devices` section the database's adoptions. */
export const HOUSEHOLD_EXPORT_PATH = "/household/export";

/** `POST /household/import`: body a household file (at most {@link MAX_HOUSEHOLD_IMPORT_BYTES}); answer {@link HouseholdImportAnswerSchema}. */
export const HOUSEHOLD_IMPORT_PATH = "/household/import";

/** `GET /household.schema.json`: the household file's JSON Schema (docs/household.schema.json), for editors. */
export const HOUSEHOLD_SCHEMA_PATH = "/household.schema.json";

/** The largest household import body: 1 MiB. */
export const MAX_HOUSEHOLD_IMPORT_BYTES = 1024 * 1024;

/**
 * The answer of `POST /household/import`: `devices` the adoptions stored (all the database holds
 * now), `fileOnly` the other sections the body had, which the hub reads from its household file at
 * start only (they apply once the file holds them and the hub restarts), and `message` saying so.
 */
export const HouseholdImportAnswerSchema = itemOf(
  v.object({
    devices: HouseholdDevicesSchema,
    fileOnly: v.array(v.string()),
    message: v.string(),
  }),
);
export type HouseholdImportAnswer = v.InferOutput<typeof HouseholdImportAnswerSchema>;
