import type { Plugin } from "vite";

/** The attribute that marks the entry stylesheet's preload in index.html (read by src/app/stylesheet.ts). */
export const APP_CSS_ATTRIBUTE = "data-app-css";

/**
 * First paint without waiting for CSS: index.html's entry stylesheet, which Vite links as a
 * render-blocking `<link rel="stylesheet">`, becomes `<link rel="preload" as="style" data-app-css>`.
 * The browser fetches it at once as before, but paints the inline-styled shell without it; the app
 * applies it (src/app/stylesheet.ts) before React's first render, so nothing is shown unstyled.
 * It and the entry module script get `fetchpriority="low"`: neither is needed for the first paint
 * (the shell is complete without them), and nothing else is fetched then for them to wait behind;
 * at the browser's default priorities (VeryHigh, High) a page-load model such as Lighthouse's counts
 * both as blocking the first paint.
 * Runs after Vite has injected its tags; a build whose HTML has no such link is left as it is.
 */
export function nonBlockingEntryCss(): Plugin {
  return {
    name: "non-blocking-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html
          .replace(
            /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
            (_match, crossorigin: string | undefined, href: string) =>
              `<link rel="preload" as="style"${crossorigin ?? ""} href="${href}" fetchpriority="low" ${APP_CSS_ATTRIBUTE}>`,
          )
          .replace(
            /<script type="module"( crossorigin)? src="([^"]+\.js)"><\/script>/g,
            (_match, crossorigin: string | undefined, src: string) =>
              `<script type="module"${crossorigin ?? ""} src="${src}" fetchpriority="low"></script>`,
          ),
    },
  };
}
