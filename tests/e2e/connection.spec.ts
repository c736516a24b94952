import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";

// Red spinner in the top bar whenever the live connection is not connected (spec §2), and the
// reconnect after the broker comes back (DESIGN.md §6: within 5 s of the broker returning).

test.describe("live connection", () => {
  let ownHub: TestHub | undefined;
  test.afterEach(async () => {
    await ownHub?.close();
    ownHub = undefined;
  });

  test("the spinner appears while the hub's broker is down and disappears when it is back", async ({ page }) => {
    ownHub = await startTestHub(); // its own hub: this test stops it
    const hub = ownHub;
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const spinner = page.getByTestId("live-spinner");
    await expect(spinner).toHaveCount(0);

    await hub.stop();
    await expect(spinner).toBeVisible();
    await expect(page.getByRole("status", { name: "Brak połączenia na żywo" })).toBeVisible();

    await hub.start(); // same ports, same data: the session cookie is still valid
    await expect(spinner).toHaveCount(0, { timeout: 15_000 });
  });
});
