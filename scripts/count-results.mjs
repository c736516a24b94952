// Prints "<passed> <failed>" read from a vitest or Playwright JSON report.
// Usage: node scripts/count-results.mjs vitest|playwright <report.json>
// Exits 1 (printing nothing on stdout) when the report is missing or not the expected shape.
import { readFileSync } from "node:fs";

const [kind, file] = process.argv.slice(2);
if (!kind || !file) {
  console.error("usage: count-results.mjs vitest|playwright <report.json>");
  process.exit(1);
}

const report = JSON.parse(readFileSync(file, "utf8"));
const num = (value) => (typeof value === "number" && Number.isFinite(value) ? value : null);

let passed = null;
let failed = null;
if (kind === "vitest") {
  passed = num(report.numPassedTests);
  failed = num(report.numFailedTests);
  // A test file that fails to load has no tests but must still count as a failure.
  const brokenSuites = num(report.numFailedTestSuites) ?? 0;
  const suitesWithoutTests = Array.isArray(report.testResults)
    ? report.testResults.filter((r) => r.status === "failed" && (r.assertionResults ?? []).length === 0).length
    : 0;
  if (failed !== null) failed += Math.min(brokenSuites, suitesWithoutTests);
} else if (kind === "playwright") {
  const stats = report.stats ?? {};
  passed = (num(stats.expected) ?? 0) + (num(stats.flaky) ?? 0);
  failed = num(stats.unexpected);
  // Errors outside tests (a spec that does not compile, a crashed global setup) count too.
  if (failed !== null && Array.isArray(report.errors)) failed += report.errors.length;
} else {
  console.error(`unknown report kind: ${kind}`);
  process.exit(1);
}

if (passed === null || failed === null) process.exit(1);
console.log(`${passed} ${failed}`);
