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

  test("the live connection stays up past the broker's keepalive timeout (60 s keepalive, spec §9)", async ({
    loggedInPage: page,
  }) => {
    // The broker drops a client that sends nothing for 1.5 x keepalive = 90 s; the client's keepalive
    // pings must keep it connected, with no reconnect and no spinner.
    test.setTimeout(180_000);
    const spinner = page.getByTestId("live-spinner");
    await expect(spinner).toHaveCount(0); // connected: the first WebSocket is already open
    const reopened: string[] = [];
    page.on("websocket", (ws) => reopened.push(ws.url()));
    const until = Date.now() + 100_000;
    let spinnerSeen = false;
    while (Date.now() < until) {
      if ((await spinner.count()) > 0) spinnerSeen = true;
      await page.waitForTimeout(1_000);
    }
    expect({ spinnerSeen, reconnects: reopened.length }).toEqual({ spinnerSeen: false, reconnects: 0 });
  });
});
