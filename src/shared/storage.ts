/// <reference lib="dom" />
/**
 * The page's localStorage, or undefined where there is none (a worker, Node) or reading it throws
 * (storage disabled by the browser's privacy settings). Callers treat undefined as "nothing kept".
 */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
