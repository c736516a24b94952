import type { FastifyError, FastifyInstance } from "fastify";
import type * as v from "valibot";
import type { Adoption } from "../../../contract/adoption";
import {
  HOUSEHOLD_EXPORT_PATH,
  HOUSEHOLD_IMPORT_PATH,
  HOUSEHOLD_SCHEMA_PATH,
  MAX_HOUSEHOLD_IMPORT_BYTES,
  type HouseholdImportAnswer,
} from "../../../contract/household";
import householdJsonSchema from "../../../docs/household.schema.json" with { type: "json" };
import { HubError } from "../../core/errors";
import { parseBody } from "../../http/body";
import type { Household } from "../../household/schema";
import { checkAllUnique } from "./check";
import type { AdoptionStore } from "./store";

/** What the household routes read and write. */
export interface HouseholdRouteDeps {
  /** The household as the hub loaded it from its file at start. */
  household: Household;
  /** The household schema of this hub's domains (core/domain.ts householdSchemaOf). */
  schema: v.ObjectSchema<v.ObjectEntries, undefined>;
  adoptions: AdoptionStore;
  /** The names of the household file's switches (an adopted switch may not take one). */
  fileSwitches?: ReadonlySet<string>;
}

/** What the import answer says of the sections it did not store. */
const FILE_ONLY_MESSAGE =
  "Stored the devices section (adoptions) in the hub's database. The other sections are read from the household file at start only: save this file as the hub's household.json and restart the hub to apply them.";

/** What the import answer says when the body has no `devices` section. */
const NO_DEVICES_MESSAGE =
  "The file has no devices section: the adoptions are unchanged. The other sections are read from the household file at start only: save this file as the hub's household.json and restart the hub to apply them.";

/** The adoptions of `store` as the household file's `devices` section (sorted by id). */
export function devicesSectionOf(store: AdoptionStore): Record<string, Adoption> {
  return Object.fromEntries([...store.all().entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The household routes on the general bases (docs/contract.md "Devices: adoption"; paths in
 * contract/household.ts), each needing an unlocked session:
 * - `GET /household/export`: the household as the hub loaded it from its file, with its `devices`
 *   section replaced by the database's adoptions: a file the household can save as its household.json
 *   (it holds what the file holds, camera addresses and passwords included);
 * - `POST /household/import`: body a household file (at most 1 MiB, else 413; checked with the
 *   hub's household schema, else 400 naming the field; two adoptions taking one place, 400): its
 *   `devices` section replaces every adoption in the database, in one transaction (a body without
 *   one leaves them unchanged); the answer
 *   `{item: {devices, fileOnly, message}}` names the other sections the body had, which apply only
 *   from the file at the next start;
 * - `GET /household.schema.json`: the household file's JSON Schema (docs/household.schema.json).
 */
export function householdRoutes({ household, schema, adoptions, fileSwitches }: HouseholdRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(HOUSEHOLD_EXPORT_PATH, async () => ({ ...household, devices: devicesSectionOf(adoptions) }));

    app.get(HOUSEHOLD_SCHEMA_PATH, async () => householdJsonSchema);

    app.post(
      HOUSEHOLD_IMPORT_PATH,
      {
        bodyLimit: MAX_HOUSEHOLD_IMPORT_BYTES,
        errorHandler: (error: FastifyError, _request, reply) => {
          if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
          return reply.code(413).send({ code: "BAD_REQUEST", message: "body: larger than the 1 MiB limit" });
        },
      },
      async (request) => {
        if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body))
          throw new HubError("BAD_REQUEST", "body: expected a household file (a JSON object)");
        const parsed = parseBody(schema, request.body) as { devices?: Record<string, Adoption> };
        if (parsed.devices !== undefined) {
          const devices = new Map(Object.entries(parsed.devices));
          checkAllUnique(devices, fileSwitches);
          adoptions.replaceAll(parsed.devices);
        }
        const fileOnly = Object.keys(request.body).filter((key) => key !== "devices" && key in schema.entries);
        const message = parsed.devices === undefined ? NO_DEVICES_MESSAGE : FILE_ONLY_MESSAGE;
        return {
          item: { devices: devicesSectionOf(adoptions), fileOnly, message },
        } satisfies HouseholdImportAnswer;
      },
    );
  };
}
