import { simulatedJpeg } from "../simulator/ip-cameras";
import { FAKE_TS_SEGMENT } from "./fake-cameras";
import { listenFake, type FakeHttpServer } from "./fake-http";

/**
 * A slow camera web server on loopback, shared by several test cameras: every request of
 * `/<camera>/snapshot.jpg` (a JPEG) or `/<camera>/seg-<n>.ts` (an MPEG-TS segment) is held
 * unanswered until {@link HeldCameras.release}; `/<camera>/index.m3u8` answers at once, a live
 * playlist listing `seg-1.ts` .. `seg-3.ts`. It counts what it holds, per camera and at most at once.
 */
export interface HeldCameras extends FakeHttpServer {
  /** Requests held now, per camera. */
  held: Map<string, number>;
  /** The most held at once: in all, and of any one camera. */
  peak: { total: number; perCamera: number };
  /** Held requests received so far, in all. */
  received: number;
  /** Answers every held request now (and later ones at once until `hold()`). */
  release(): void;
  /** Holds requests again. */
  hold(): void;
}

/** Starts {@link HeldCameras}. */
export async function startHeldCameras(): Promise<HeldCameras> {
  const pending: (() => void)[] = [];
  let holding = true;
  const state = {
    held: new Map<string, number>(),
    peak: { total: 0, perCamera: 0 },
    received: 0,
    release: () => {
      holding = false;
      for (const answer of pending.splice(0)) answer();
    },
    hold: () => {
      holding = true;
    },
  };
  const server = await listenFake((request, response) => {
    const match = /^\/([A-Za-z0-9_-]+)\/(snapshot\.jpg|seg-\d+\.ts|index\.m3u8)$/.exec(
      new URL(request.url ?? "/", "http://camera.invalid").pathname,
    );
    if (!match) return void response.writeHead(404).end();
    const [, camera = "", file = ""] = match;
    if (file === "index.m3u8") {
      return void response
        .writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" })
        .end(
          "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:1\n#EXTINF:2.0,\nseg-1.ts\n#EXTINF:2.0,\nseg-2.ts\n#EXTINF:2.0,\nseg-3.ts\n",
        );
    }
    state.received += 1;
    const answer = () => {
      state.held.set(camera, (state.held.get(camera) ?? 1) - 1);
      if (file === "snapshot.jpg") {
        const jpeg = simulatedJpeg(state.received, 90);
        response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length }).end(jpeg);
      } else {
        response.writeHead(200, { "Content-Type": "video/mp2t" }).end(FAKE_TS_SEGMENT);
      }
    };
    state.held.set(camera, (state.held.get(camera) ?? 0) + 1);
    const total = [...state.held.values()].reduce((sum, count) => sum + count, 0);
    state.peak.total = Math.max(state.peak.total, total);
    state.peak.perCamera = Math.max(state.peak.perCamera, ...state.held.values());
    if (holding) pending.push(answer);
    else answer();
  });
  return Object.assign(state, server);
}
