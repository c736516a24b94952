// The first screen's JavaScript as built (DESIGN.md §6): the entry chunk and everything it
// imports statically, i.e. what index.html's module script and modulepreload links make the browser
// fetch before the first screen can run. Read from a built dist/ (nothing is built here); sizes as the
// hub sends them (the build's .br/.gz copies, scripts/precompress.ts) or compressed here when a copy
// is missing (a file under 1 KB).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotli, gzip } from "../scripts/precompress";

/** Budget of the first screen's JavaScript, compressed (gzip and Brotli each), KiB. */
export const FIRST_SCREEN_BUDGET_KB = 120;

/** One file of the first screen: its URL path and sizes in bytes. */
export type FirstScreenFile = { path: string; raw: number; gzip: number; br: number };

/** The first screen's files and their totals, bytes. */
export type FirstScreen = { files: FirstScreenFile[]; raw: number; gzip: number; br: number };

/** `/assets/x.js` paths of index.html's module scripts and modulepreload links, in order. */
export function entryScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isModule = /^<script\b/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isModule || isPreload) && url ? [url] : [];
  });
}

/** Static imports of a built chunk (`import"./a.js"`, `import{x}from"./b.js"`, `export*from"./c.js"`). */
export function staticImports(code: string): string[] {
  const found = [...code.matchAll(/(?:\bimport|\bfrom|\bexport\s*\*\s*from)\s*["'](\.\.?\/[^"']+\.js)["']/g)];
  return found.map((match) => match[1] ?? "");
}

function encodedSize(path: string, suffix: ".br" | ".gz", bytes: Buffer): number {
  const copy = `${path}${suffix}`;
  if (existsSync(copy)) return readFileSync(copy).length;
  return (suffix === ".br" ? brotli(bytes) : gzip(bytes)).length;
}

/**
 * Measures the first screen of the dashboard built in `distDir`: index.html's module scripts and
 * modulepreload links, and (in case a list is incomplete) every chunk they import statically,
 * transitively. Throws when index.html names a script that is not in `distDir`.
 */
export function measureFirstScreen(distDir: string): FirstScreen {
  const queue = entryScripts(readFileSync(join(distDir, "index.html"), "utf8"));
  const seen = new Set<string>();
  const files: FirstScreenFile[] = [];
  while (queue.length > 0) {
    const url = queue.shift() ?? "";
    if (seen.has(url)) continue;
    seen.add(url);
    const path = join(distDir, url);
    if (!existsSync(path)) throw new Error(`index.html loads ${url}, which is not in ${distDir}`);
    const bytes = readFileSync(path);
    files.push({
      path: url,
      raw: bytes.length,
      gzip: encodedSize(path, ".gz", bytes),
      br: encodedSize(path, ".br", bytes),
    });
    const dir = url.slice(0, url.lastIndexOf("/") + 1);
    for (const relative of staticImports(bytes.toString("utf8")))
      queue.push(new URL(relative, `http://x${dir}`).pathname);
  }
  const total = (key: "raw" | "gzip" | "br") => files.reduce((sum, file) => sum + file[key], 0);
  return { files, raw: total("raw"), gzip: total("gzip"), br: total("br") };
}
