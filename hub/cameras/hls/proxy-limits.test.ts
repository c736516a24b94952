import * as v from "valibot";
import { afterAll, describe, expect, it } from "vitest";
import { hlsPath } from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { readHlsIndex, useCameraHub } from "../../testing/camera-hub";
import { FAKE_TS_SEGMENT } from "../../testing/fake-cameras";
import { call, jsonOf, type TestHub } from "../../testing/harness";
import { startHeldCameras, type HeldCameras } from "../../testing/held-camera";
import { HLS_PROXY_CONCURRENCY, HLS_PROXY_LIMITS } from "./proxy";

const V1 = "/api/cameras/v1";
const RefusalSchema = v.object({ ...ErrorBodySchema.entries, retryAfterMs: v.number() });

describe("proxied HLS files are bounded per camera and in all (docs/contract.md 'Cameras')", () => {
  let hub: TestHub;
  let cookie: string;
  let cameras: HeldCameras;
  const ids = ["h1", "h2", "h3"];
  useCameraHub(
    async () => {
      cameras = await startHeldCameras();
      return {
        cameras: ids.map((id) => ({ id, label: id, source: { type: "hls", url: `${cameras.url}/${id}/index.m3u8` } })),
      };
    },
    (started) => ({ hub, cookie } = started),
  );
  afterAll(() => cameras.close());

  it(`6 segment requests for each of 3 slow cameras: ${HLS_PROXY_CONCURRENCY.perKey} fetched per camera and ${HLS_PROXY_CONCURRENCY.total} in all, the rest 429 after 2 s`, async () => {
    const { uris } = await readHlsIndex(hub, cookie, "h1");
    expect(uris[0]).toBe("segment.ts?p=seg-1.ts");
    const segment = (id: string, n: number) =>
      `${V1}${hlsPath(id).replace(/index\.m3u8$/, `segment.ts?p=seg-${n}.ts`)}`;
    const at = performance.now();
    const requests = ids.flatMap((id) =>
      Array.from({ length: 6 }, (_, n) =>
        call(hub, "GET", segment(id, n + 1), { cookie }).then((response) => ({
          id,
          at: performance.now() - at,
          response,
        })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, HLS_PROXY_CONCURRENCY.waitMs + 500));
    // At most 8 x 16 MiB in the hub's memory, whatever the number of requests.
    expect(cameras.peak).toEqual({ total: HLS_PROXY_CONCURRENCY.total, perCamera: HLS_PROXY_CONCURRENCY.perKey });
    expect(cameras.received).toBe(HLS_PROXY_CONCURRENCY.total);
    console.log(
      `proxied HLS segments held in memory at most: ${HLS_PROXY_CONCURRENCY.total} x ${HLS_PROXY_LIMITS.segmentBytes / 2 ** 20} MiB`,
    );
    cameras.release();
    const answers = await Promise.all(requests);
    const refused = answers.filter((answer) => answer.response.status === 429);
    expect(refused).toHaveLength(18 - HLS_PROXY_CONCURRENCY.total);
    for (const answer of refused) {
      expect(answer.at).toBeGreaterThanOrEqual(HLS_PROXY_CONCURRENCY.waitMs - 50);
      expect(await jsonOf(answer.response, RefusalSchema)).toMatchObject({
        code: "TOO_MANY_STREAMS",
        retryAfterMs: 1_000,
      });
    }
    const served = answers.filter((answer) => answer.response.status === 200);
    expect(served).toHaveLength(HLS_PROXY_CONCURRENCY.total);
    for (const answer of served)
      expect(Buffer.from(await answer.response.arrayBuffer()).equals(FAKE_TS_SEGMENT)).toBe(true);

    // Every slot was freed when its answer had been sent: a full round again, all answered.
    const again = await Promise.all(
      Array.from({ length: HLS_PROXY_CONCURRENCY.perKey }, (_, n) =>
        call(hub, "GET", segment("h3", n + 1), { cookie }),
      ),
    );
    expect(again.map((response) => response.status)).toEqual(new Array<number>(HLS_PROXY_CONCURRENCY.perKey).fill(200));
    await Promise.all(again.map((response) => response.arrayBuffer()));
  });

  it("a proxied file whose client went before the camera answered frees its slot: the next ones are fetched", async () => {
    cameras.hold();
    const segment = (n: number) => `${V1}${hlsPath("h2").replace(/index\.m3u8$/, `segment.ts?p=seg-${n}.ts`)}`;
    const gone = Array.from({ length: HLS_PROXY_CONCURRENCY.perKey }, (_, n) => {
      const abort = new AbortController();
      const request = fetch(`${hub.url.replace("localhost", "127.0.0.1")}${segment(n + 1)}`, {
        headers: { cookie },
        signal: abort.signal,
      }).catch(() => "aborted");
      return { abort, request };
    });
    const received = cameras.received;
    while (cameras.received < received + HLS_PROXY_CONCURRENCY.perKey)
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (const { abort } of gone) abort.abort();
    await Promise.all(gone.map(({ request }) => request));
    // The hub sees the connections close before the camera answers.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cameras.release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await Promise.all(
      Array.from({ length: HLS_PROXY_CONCURRENCY.perKey }, (_, n) => call(hub, "GET", segment(n + 1), { cookie })),
    );
    expect(next.map((response) => response.status)).toEqual(new Array<number>(HLS_PROXY_CONCURRENCY.perKey).fill(200));
  });
});
