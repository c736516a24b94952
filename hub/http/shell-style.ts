import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * CSP source expressions (`'sha256-<base64>'`) for every inline `<style>` block of an HTML page, in
 * document order: the hash covers the block's text exactly as served (CSP Level 3 hash-source), so
 * the policy can allow the built `index.html`'s shell style (issue 9) without `'unsafe-inline'`.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    ([, text]) => `'sha256-${createHash("sha256").update(text ?? "", "utf8").digest("base64")}'`,
  );
}

/**
 * The inline style hashes of `<distDir>/index.html` as built (read once, at hub start; a rebuild
 * needs a hub restart for a changed shell style). None when the dashboard is not built.
 */
export function shellStyleHashes(distDir: string): string[] {
  const index = join(distDir, "index.html");
  return existsSync(index) ? inlineStyleHashes(readFileSync(index, "utf8")) : [];
}
