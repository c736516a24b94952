import * as v from "valibot";

/** A success with one resource (docs/contract.md "Envelope"): `{item: T}`. */
export type Item<T> = { item: T };
/** A success with a list (docs/contract.md "Envelope"): `{items: T[]}`. */
export type Items<T> = { items: T[] };

/** Schema of `{item: <schema>}`. */
export function itemOf<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.object({ item: schema });
}

/** Schema of `{items: [<schema>]}`. */
export function itemsOf<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.object({ items: v.array(schema) });
}

/**
 * An error answer (docs/contract.md "Envelope"): `{code, message, ...extra}`; extra fields such as
 * `attemptsLeft` and `retryAfterMs` are kept. `code` is any string here so a newer hub's code still
 * reads as an error (compare it with errors.ts).
 */
export const ErrorBodySchema = v.looseObject({ code: v.string(), message: v.optional(v.string()) });
/** A parsed error answer. */
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
