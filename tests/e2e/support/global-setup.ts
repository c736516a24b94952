import { ensureHubBundle } from "./hub";

/**
 * Playwright's global setup: builds the hub bundle (`dist-hub/`) once, before any worker starts a
 * hub, when a hub source changed since the last build (tests/e2e/support/hub.ts, ensureHubBundle).
 */
export default async function globalSetup(): Promise<void> {
  await ensureHubBundle();
}
