import type { Plugin } from "vite";

/** A chunk of Rollup's output bundle, as far as this plugin reads it. */
type BundleChunk = { type: "chunk"; fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[] };

/**
 * index.html preloads the boot chunks (issue 9): every chunk the entry (src/main.tsx) imports
 * dynamically, which are React's DOM renderer and the app. The entry imports them dynamically so
 * that each is evaluated in a task of its own, but a dynamic import is only
 * discovered when the entry runs: this adds `<link rel="modulepreload">` for those chunks and their
 * static imports right after the entry's script tag, so the browser fetches them with it, at the
 * entry's low priority. The first screen's budget counts them (bench/first-screen.ts reads these
 * links). A build without those chunks is left as it is.
 */
export function preloadBootChunks(): Plugin {
  return {
    name: "preload-boot-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).filter((output): output is BundleChunk & typeof output => output.type === "chunk") as unknown as BundleChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry === undefined) return html;
        const files: string[] = [];
        const add = (file: string) => {
          if (file === entry.fileName || files.includes(file)) return;
          files.push(file);
          for (const imported of byFile.get(file)?.imports ?? []) add(imported);
        };
        for (const file of entry.dynamicImports) add(file);
        if (files.length === 0) return html;
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`).join("\n");
        return html.replace(/(<script type="module"[^>]*src="\/[^"]+\.js"[^>]*><\/script>)/, `$1\n${links}`);
      },
    },
  };
}
