import { MAX_JSON_DEPTH } from "../../src/shared/jsonDepth";

/**
 * MAX_JSON_DEPTH (32, shared with the dashboard and the bridge in src/shared/jsonDepth.ts) also
 * bounds every JSON request body and every stored setting value read back at hub start, so no
 * value too deep for a dashboard's IndexedDB is stored or republished (docs/security.md). `{}` is depth 1, `{"a":[1]}`
 * depth 2. Nothing the dashboard sends comes near it (the deepest, PATCH /settings with a group
 * list, is 4).
 */
export { MAX_JSON_DEPTH };

/**
 * Largest settings value, serialized as JSON (UTF-8 bytes): 64 KiB, the dashboard's cap on a live
 * payload (docs/contract.md "Live channel"), since every value is republished on `settings/<key>`
 * and a bigger one would be dropped by every dashboard anyway.
 */
export const MAX_SETTING_VALUE_BYTES = 64 * 1024;

/**
 * The nesting depth of JSON text, measured with one iterative pass over the characters (brackets
 * outside strings; escapes inside strings skipped), so no depth can overflow the stack, and
 * before anything parses it. Stops counting as soon as the depth exceeds `stopAbove` (then the
 * answer is `stopAbove + 1`). Text that is not JSON gets a meaningless but finite answer: the
 * parser refuses it afterwards.
 * @param text JSON text (a request body or a stored value)
 * @param stopAbove the limit the caller checks against; default: count everything
 */
export function jsonTextDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return max;
}

/**
 * What is wrong with a settings value's JSON text, or null when it is within the limits
 * (MAX_JSON_DEPTH levels, MAX_SETTING_VALUE_BYTES bytes). The message names the limit only.
 * Used on PATCH /settings and on every stored value read back (hub/store/settings.ts).
 */
export function settingValueProblem(json: string): string | null {
  const bytes = Buffer.byteLength(json, "utf8");
  if (bytes > MAX_SETTING_VALUE_BYTES)
    return `value: larger than ${MAX_SETTING_VALUE_BYTES} bytes as JSON (limit 64 KiB)`;
  if (jsonTextDepth(json, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    return `value: nested deeper than ${MAX_JSON_DEPTH} levels (limit ${MAX_JSON_DEPTH})`;
  return null;
}
