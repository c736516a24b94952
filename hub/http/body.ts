import * as v from "valibot";
import { ApiError } from "./errors";

/** Validates a request body with a valibot schema; throws 400 BAD_REQUEST naming the first bad field. */
export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  const issue = result.issues[0];
  const where = issue ? (v.getDotPath(issue) ?? "body") : "body";
  throw new ApiError("BAD_REQUEST", `${where}: ${issue?.message ?? "invalid"}`);
}
