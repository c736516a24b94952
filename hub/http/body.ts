import * as v from "valibot";
import { HubError } from "../core/errors";

/** A path segment shown in a message: a field name or an array index, else left out. */
const SHOWN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** A key a strict object does not know (valibot says `expected never`); a missing key says the key instead. */
function isUnknownKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

/**
 * Where a valibot issue is: the dot path of field names and indices (`preferences.appUi`,
 * `idsToRemove.3`), or `body` at the root. An unknown key a strict object refuses is not named
 * (it is the client's text, not one of our fields): the message points at its parent.
 */
function whereOf(issue: v.BaseIssue<unknown>): string {
  const segments: string[] = [];
  const path = issue.path ?? [];
  const known = isUnknownKey(issue) ? path.slice(0, -1) : path;
  for (const item of known) {
    const key: unknown = item.key;
    if (typeof key === "number" && Number.isInteger(key)) segments.push(String(key));
    else if (typeof key === "string" && SHOWN_KEY.test(key)) segments.push(key);
    else segments.push("?");
  }
  return segments.length > 0 ? segments.join(".") : "body";
}

/**
 * The rule an issue broke, in words that never quote the input (valibot's own messages end with
 * `but received "<the value>"`, which would put a password into a 400 on `/auth`).
 * `expected` is taken from the schema (`string`, `<=200`, `("pl" | "en")`), never from the input.
 */
function ruleOf(issue: v.BaseIssue<unknown>): string {
  if (isUnknownKey(issue)) return "unknown field";
  if (issue.type === "strict_object") return "required";
  if (issue.kind === "schema") return issue.expected ? `expected ${issue.expected}` : `expected ${issue.type}`;
  return issue.expected ? `${issue.type} ${issue.expected}` : `${issue.type} rule failed`;
}

/**
 * Validates a request body with a valibot schema (a missing body counts as `{}`).
 * @returns the schema's output
 * @throws HubError 400 BAD_REQUEST whose message names the first bad field and the rule it broke
 *   (`password: expected string`, `login: max_length <=200`), never the value received
 *   (nothing the client sent comes back in an error).
 */
export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body ?? {}, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  throw new HubError("BAD_REQUEST", issue ? `${whereOf(issue)}: ${ruleOf(issue)}` : "body: invalid");
}
