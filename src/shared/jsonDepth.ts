/**
 * Deepest nesting of JSON the hub and the dashboard accept: deeper
 * values overflow IndexedDB's structured clone ('Maximum call stack size exceeded'). Real device payloads nest 3 or 4 levels (Tasmota `{"DS18B20-1":{"Temperature":…}}`).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * True when `value` (a parsed JSON value) nests objects and arrays at most `maxDepth` levels deep
 * (a scalar is depth 0, `{}` and `[]` depth 1). Walks iteratively with an explicit stack, so a
 * hostile value cannot overflow the call stack; stops at the first level past the limit.
 */
export function jsonDepthWithin(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (top === undefined || typeof top.value !== "object" || top.value === null) continue;
    const depth = top.depth + 1;
    if (depth > maxDepth) return false;
    for (const child of Array.isArray(top.value) ? top.value : Object.values(top.value)) {
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth });
    }
  }
  return true;
}
