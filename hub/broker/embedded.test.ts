import { describe, expect, it } from "vitest";
import { connectDevice, freePort, startTestHub } from "../testing/harness";

describe("embedded broker shutdown", () => {
  it("closing the hub ends connected devices' TCP connections instead of waiting for them to hang up", async () => {
    const hub = await startTestHub({ mqttPort: await freePort() });
    const device = await connectDevice(hub, "balkon");
    const deviceClosed = new Promise<void>((resolve) => device.once("close", () => resolve()));
    const started = Date.now();
    await hub.cleanup();
    await deviceClosed;
    device.end(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
