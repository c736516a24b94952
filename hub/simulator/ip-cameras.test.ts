import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CamerasAnswerSchema, mjpegPath, snapshotPath } from "../../contract/cameras";
import { readHlsIndex, readJpegParts, useCameraHub } from "../testing/camera-hub";
import { call, jsonOf, type TestHub } from "../testing/harness";

/** The example household of plain cameras (hub/README.md "Plain cameras"), simulated on this machine. */
const EXAMPLE = fileURLToPath(new URL("../examples/ip-cameras/household.json", import.meta.url));
const V1 = "/api/cameras/v1";

describe("the demo's simulated IP cameras carry the example household of plain cameras", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({ simulator: true, hub: { householdConfigPath: EXAMPLE } }, (started) => ({ hub, cookie } = started));

  it("the MJPEG camera streams and answers snapshots, the HLS camera plays the demo clip, all through the hub", async () => {
    const items = (await jsonOf(await call(hub, "GET", "/api/cameras/v5/cameras", { cookie }), CamerasAnswerSchema))
      .items;
    expect(items.map((item) => [item.id, item.hls, item.mjpeg])).toEqual([
      ["podjazd", false, true],
      ["strych", true, false],
      ["garaz", true, true],
    ]);
    const stream = await call(hub, "GET", `${V1}${mjpegPath("podjazd")}`, { cookie });
    expect(stream.status).toBe(200);
    expect(await readJpegParts(stream, 2)).toHaveLength(2);
    expect((await call(hub, "GET", `${V1}${snapshotPath("podjazd")}`, { cookie })).status).toBe(200);
    const { uris } = await readHlsIndex(hub, cookie, "strych");
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) expect(uri).toMatch(/^segment\.ts\?p=\d+\.ts$/);
    const segment = await call(hub, "GET", `${V1}/live/hls/strych/full/${uris[0]}`, { cookie });
    expect(segment.status).toBe(200);
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);
  });
});
