/**
 * The shape of a locale's texts: the same keys as the Polish object `T`, every leaf a string. A
 * second locale typed with it fails typecheck when a key is missing or extra.
 */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

type Tree = { readonly [key: string]: string | Tree };
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Merges the texts of several features into one resource tree (deeply: two features may add keys to
 * the same section, e.g. `menu`). Typed as the intersection of the parts.
 * @throws Error when two parts define the same key (a feature would silently lose its text)
 */
export function mergeResources<Parts extends readonly Tree[]>(...parts: Parts): Intersect<Parts[number]> {
  const merge = (target: Record<string, unknown>, source: Tree, path: string): void => {
    for (const [key, value] of Object.entries(source)) {
      const existing = target[key];
      if (typeof value === "string") {
        if (existing !== undefined) throw new Error(`i18n: ${path}${key} is defined twice`);
        target[key] = value;
      } else {
        if (typeof existing === "string") throw new Error(`i18n: ${path}${key} is defined twice`);
        const child = (existing as Record<string, unknown> | undefined) ?? {};
        target[key] = child;
        merge(child, value, `${path}${key}.`);
      }
    }
  };
  const result: Record<string, unknown> = {};
  for (const part of parts) merge(result, part, "");
  return result as Intersect<Parts[number]>;
}
