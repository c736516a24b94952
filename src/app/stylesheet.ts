/**
 * Applies the app's entry stylesheet, which the built index.html only preloads so that the shell
 * paints without waiting for it (scripts/nonBlockingCss.ts). Resolves once it has loaded, or
 * failed (the app then renders with the shell's styles rather than not at all). With no such preload
 * (the dev server injects CSS from JavaScript) it resolves at once.
 */
export function applyAppStylesheet(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement("link");
          link.rel = "stylesheet";
          // The same CORS mode as the preload, so the preloaded copy is the one used.
          const cors = preload.getAttribute("crossorigin");
          if (cors !== null) link.setAttribute("crossorigin", cors);
          link.href = preload.href;
          link.onload = () => resolve();
          link.onerror = () => resolve();
          doc.head.append(link);
        }),
    ),
  ).then(() => undefined);
}
