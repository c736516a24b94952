import { describe, expect, it } from "vitest";
import { applyAppStylesheet } from "./stylesheet";
import { nonBlockingEntryCss } from "../../scripts/nonBlockingCss";

/** The build's index.html transform (scripts/nonBlockingCss.ts) as Vite runs it. */
function transform(html: string): string {
  const hook = nonBlockingEntryCss().transformIndexHtml as { handler: (html: string) => string };
  return hook.handler(html);
}

describe("the entry stylesheet does not block first paint", () => {
  it("the build turns Vite's render-blocking stylesheet link into a marked preload, fetches it and the entry script at low priority, and leaves other links alone", () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-DwZv7IzQ.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-B7c2CCGk.css">\n<link rel="manifest" href="/manifest.json">';
    expect(transform(html)).toBe(
      '<script type="module" crossorigin src="/assets/index-DwZv7IzQ.js" fetchpriority="low"></script>\n<link rel="preload" as="style" crossorigin href="/assets/index-B7c2CCGk.css" fetchpriority="low" data-app-css>\n<link rel="manifest" href="/manifest.json">',
    );
  });

  it("the app applies each preloaded stylesheet and waits until it has loaded or failed", async () => {
    // This test fires the load and error events itself: happy-dom must not fetch the files.
    const happyDom = (window as unknown as { happyDOM?: { settings: { disableCSSFileLoading: boolean } } }).happyDOM;
    if (happyDom) happyDom.settings.disableCSSFileLoading = true;
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/assets/a.css" data-app-css><link rel="preload" as="style" href="/assets/b.css" data-app-css>';
    let settled = false;
    const applied = applyAppStylesheet().then(() => (settled = true));
    const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((link) => new URL(link.href).pathname)).toEqual(["/assets/a.css", "/assets/b.css"]);
    expect(sheets.map((link) => link.hasAttribute("crossorigin"))).toEqual([true, false]); // the same CORS mode as its preload, so the preloaded copy is used
    sheets[0]?.dispatchEvent(new Event("load"));
    await Promise.resolve();
    expect(settled).toBe(false); // the second is still loading
    sheets[1]?.dispatchEvent(new Event("error"));
    await applied;
    expect(settled).toBe(true);
  });

  it("with no preload (the dev server) it resolves at once and adds nothing", async () => {
    document.head.innerHTML = "";
    await applyAppStylesheet();
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
  });
});
