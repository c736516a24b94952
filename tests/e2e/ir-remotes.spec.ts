import mqtt from "mqtt";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, publishDevice } from "./support/mqtt";

// IR remotes end to end: the demo household's IR blaster `pilot_salon` (a Tasmota with an
// IR receiver and transmitter) on its own login. The page turns learning on (POST /ir/learn), the
// device publishes a real IrReceived on tele/<t>/RESULT, the hub shows it on ir/<t>, the page saves
// it under a name (POST /ir/code, SQLite), the button appears, and a press (POST /ir/send) reaches
// the device as cmnd/<t>/IRSend in the Tasmota docs' form.

test.describe("infrared remotes", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("learn a code from the device, save it as a button, press it: IRSend reaches cmnd/<t>/IRSend; axe passes", async ({
    page,
  }) => {
    test.setTimeout(120_000); // a whole user path, with two axe runs, on a shared CI machine
    hub = await startTestHub();
    const login = await hub.deviceLogin("pilot_salon");
    const blaster = await mqtt.connectAsync(hub.mqttTcpUrl, {
      clientId: `pilot_salon-e2e-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 0,
      ...login,
    });
    const commands: string[] = [];
    blaster.on("message", (topic, payload) => commands.push(`${topic} ${payload.toString("utf8")}`));
    await blaster.subscribeAsync("cmnd/pilot_salon/#", { qos: 1 });
    await blaster.publishAsync("tele/pilot_salon/LWT", "Online", { qos: 1, retain: true });
    try {
      await loginThroughUi(page, { baseURL: hub.baseURL });
      await page.goto(`${hub.baseURL}/menu`);
      await page.getByRole("link", { name: "Piloty na podczerwień" }).click();
      await expect(page).toHaveURL(/\/remotes$/);
      const remote = page.getByTestId("remote-pilot_salon");
      await expect(remote.getByRole("heading", { name: "Pilot w salonie" })).toBeVisible();
      await expect(remote).toContainText("Ten pilot nie ma jeszcze przycisków.");

      await remote.getByRole("button", { name: "Ucz kodu" }).click();
      await expect(remote).toContainText("Nauka włączona: skieruj pilota na odbiornik i naciśnij przycisk.");
      const received = loadFixture("tasmota/result_irreceived_nec.json");
      await publishDevice(hub, "tele/pilot_salon/RESULT", received.payload);
      await expect(remote).toContainText("Odebrano kod: NEC, 32 bitów, 0x00FF00FF");
      await expectNoA11yViolations(page, "remotes while learning");

      await remote.getByLabel("Nazwa przycisku").fill("Wentylator");
      await remote.getByRole("button", { name: "Zapisz przycisk" }).click();
      const button = remote
        .getByRole("group", { name: "Przyciski: Pilot w salonie" })
        .getByRole("button", { name: "Wentylator" });
      await expect(button).toBeVisible();
      await remote.getByRole("button", { name: "Zakończ naukę" }).click();
      await expect(remote.getByRole("button", { name: "Ucz kodu" })).toBeVisible();

      await button.click();
      await expect(remote.getByRole("status")).toHaveText("Wysłano: Wentylator");
      await expect
        .poll(() => commands)
        .toEqual(['cmnd/pilot_salon/IRSend {"protocol": "NEC","bits": 32, "data": 0x00FF00FF}']);

      // Saved in the hub: still there after a reload.
      await page.reload();
      await expect(page.getByTestId("remote-pilot_salon").getByRole("button", { name: "Wentylator" })).toBeVisible();
      await expectNoA11yViolations(page, "remotes");
    } finally {
      await blaster.endAsync(true);
    }
  });
});
