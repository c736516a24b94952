import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * CSP source expressions (`'sha256-<base64>'`) for every inline `<style>` block of an HTML page, in
 * document order: the hash covers the block's text exactly as served (CSP Level 3 hash-source), so
 * the policy can allow the built `index.html`'s shell style without `'unsafe-inline'`.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    ([, text]) =>
      `'sha256-${createHash("sha256")
        .update(text ?? "", "utf8")
        .digest("base64")}'`,
  );
}

/**
 * The inline style hashes of `<distDir>/index.html` as built, kept current: the returned function
 * re-reads the file only when its modification time or size changed (a build deployed while the hub
 * runs, tests/e2e/offline-update.spec.ts), else answers the cached list. None while not built.
 */
export function shellStyleHashes(distDir: string): () => string[] {
  const index = join(distDir, "index.html");
  let stamp = "";
  let hashes: string[] = [];
  return () => {
    let next: string;
    try {
      const stat = statSync(index);
      next = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      next = "missing";
    }
    if (next !== stamp) {
      stamp = next;
      hashes = next === "missing" ? [] : inlineStyleHashes(readFileSync(index, "utf8"));
    }
    return hashes;
  };
}
