import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core on the current page with the WCAG 2 A and AA rules and fails with a readable list
 * (rule id, impact, help, the first offending selectors) when anything is violated.
 */
export async function expectNoA11yViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const lines = results.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(" "))
      .join(" | ");
    return `${violation.id} (${violation.impact ?? "?"}): ${violation.help} -> ${targets}`;
  });
  expect(lines, `axe violations on the ${screen} screen`).toEqual([]);
}
