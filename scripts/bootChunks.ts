import type { Plugin } from "vite";
import { addWithStaticImports, bundleChunks } from "./bundleChunks";

/**
 * index.html preloads the boot chunks: every chunk the entry (src/main.tsx) imports
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
        const chunks = bundleChunks(context.bundle);
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry === undefined) return html;
        const files: string[] = [];
        for (const file of entry.dynamicImports) addWithStaticImports(files, file, chunks, (f) => f === entry.fileName);
        if (files.length === 0) return html;
        const links = files
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`)
          .join("\n");
        return html.replace(/(<script type="module"[^>]*src="\/[^"]+\.js"[^>]*><\/script>)/, `$1\n${links}`);
      },
    },
  };
}
