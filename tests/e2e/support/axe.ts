import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core on the current page with the WCAG 2 A and AA rules, plus `heading-order` (a best
 * practice Lighthouse's accessibility score counts: headings go down one level at a time) and
 * `label-content-name-mismatch` (WCAG 2.5.3 Label in Name, experimental in axe, listed by Lighthouse:
 * a control's name holds its visible text, so speech input can name it), and fails with a readable list
 * (rule id, impact, help, the first offending selectors) when anything is violated.
 *
 * Legacy mode: axe runs in the page itself. The default mode gathers partial results per frame and
 * opens a new blank page to combine them, a large share of each check's time (docs/testing.md); the
 * dashboard has no iframes, so both modes see the same DOM.
 *
 * It first waits for the CSS transitions under way to end (a dialog fading in for 300 ms, the menu
 * drawer sliding in, spec §9), so that contrast is measured on the colours the user reads.
 */
export async function expectNoA11yViolations(page: Page, screen: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      rules: { "heading-order": { enabled: true }, "label-content-name-mismatch": { enabled: true } },
    })
    .analyze();
  const lines = results.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(" "))
      .join(" | ");
    return `${violation.id} (${violation.impact ?? "?"}): ${violation.help} -> ${targets}`;
  });
  expect(lines, `axe violations on the ${screen} screen`).toEqual([]);
}
