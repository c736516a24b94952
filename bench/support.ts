import { chromium, type Browser, type Page } from "@playwright/test";
import { setCookiePairs, type SetCookiePair } from "../hub/testing/cookies";
import { SESSION_COOKIE } from "../contract/auth";

/** Chromium used by tests and benchmarks: CHROMIUM_PATH or Debian's /usr/bin/chromium (never downloaded). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launches the system Chromium headless with the same flags as playwright.config.ts. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
}

/** Logs in through the login screen as the demo user and waits for the top bar (ui-contract.md). */
export async function loginAsDemo(page: Page, baseURL: string): Promise<void> {
  await page.goto(baseURL);
  await page.getByLabel("Login", { exact: true }).fill("demo");
  await page.getByLabel("Hasło", { exact: true }).fill("demo");
  await page.getByLabel("Nazwa sesji", { exact: true }).fill("bench");
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await page.getByRole("navigation", { name: "Pasek główny" }).waitFor({ timeout: 60_000 });
}

/** A cookie the hub set, as its name and value. */
export type HubCookie = SetCookiePair;

/**
 * Logs in as the demo user through the hub's API (POST /api/auth/v1/auth) and answers the cookies it
 * sets: the session (`hub_session`) and its sign-in hint (`hub_signed_in`, without which the dashboard
 * shows a browser the login form without asking). Throws when the login fails.
 */
export async function demoLoginCookies(baseURL: string, sessionName: string): Promise<HubCookie[]> {
  const response = await fetch(`${baseURL}/api/auth/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ login: "demo", password: "demo", sessionName }),
  });
  const cookies = setCookiePairs(response).filter((cookie) => cookie.value !== "");
  if (response.status !== 200 || !cookies.some((cookie) => cookie.name === SESSION_COOKIE))
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookies;
}

/** Prints rows as an aligned plain-text table. */
export function printTable(title: string, rows: Array<[string, string, string?]>): void {
  const w0 = Math.max(...rows.map((r) => r[0].length), 6);
  const w1 = Math.max(...rows.map((r) => r[1].length), 5);
  console.log(`\n${title}`);
  console.log(`${"metric".padEnd(w0)}  ${"value".padEnd(w1)}  budget`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(w0)}  ${value.padEnd(w1)}  ${budget ?? ""}`);
}

/** Formats milliseconds with one decimal. */
export const ms = (value: number): string => `${value.toFixed(1)} ms`;
