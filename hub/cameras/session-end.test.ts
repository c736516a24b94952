import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionEndedPayloadSchema, sessionEndedTopic } from "../../contract/auth";
import { demoMotionPath, recordingPath, recordingsPath } from "../../contract/camera-controls";
import {
  cameraPath,
  hlsPath,
  LIVE_STREAMS_PATH,
  LiveStreamsAnswerSchema,
  mjpegPath,
  RtcAnswerSchema,
  rtcPath,
  type LiveStreamsAnswer,
} from "../../contract/cameras";
import { ErrorBodySchema } from "../../contract/envelope";
import { runCli } from "../cli";
import { useCameraHub } from "../testing/camera-hub";
import { call, connectBrowser, jsonOf, login, nextMessage, type TestHub } from "../testing/harness";
import { openViewer } from "../testing/rtc-viewer";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";
const AUTH = "/api/auth/v1";
/** The contract's bound: a session's end closes its streams within this, ms. */
const END_WITHIN_MS = 2_000;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A camera web server that takes every request and never answers (an HLS camera whose playlist hangs). */
async function startHangingCamera(): Promise<{ server: Server; port: number }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Reads `response`'s body until it ends or fails; answers when that happened (epoch ms), or null when it was still open after `limitMs`. */
async function endOf(response: Response, limitMs = 8_000): Promise<number | null> {
  const reader = response.body!.getReader();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), limitMs));
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // a cut connection ends the body with an error
    }
    return Date.now();
  })();
  const result = await Promise.race([ended, timeout]);
  if (result === null) await reader.cancel().catch(() => undefined);
  return result;
}

/** Checks that each of `ends` (epoch ms, from {@link endOf}) came after `startedAt` and within {@link END_WITHIN_MS} of `doneAt` (when the ending call answered). */
function expectEndedWithin(ends: (number | null)[], startedAt: number, doneAt: number): void {
  for (const at of ends) {
    expect(at).not.toBeNull();
    expect(at!).toBeGreaterThanOrEqual(startedAt);
    expect(at! - doneAt).toBeLessThan(END_WITHIN_MS);
  }
}

/**
 * Starts the hub's CLI as its own process (`npm run hub -- ...`) against the data directory
 * `dataDir`, with `--password-stdin` among `args`: it starts now and waits for the password, so the
 * moment of its change is the moment `send` gives it. `send` answers the exit code and output.
 */
function startCliProcess(
  dataDir: string,
  args: string[],
): { send(password: string): Promise<{ code: number | null; output: string }> } {
  const child = spawn("npm", ["run", "--silent", "hub", "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, HUB_DATA_DIR: dataDir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
  return {
    send: (password) => {
      child.stdin.end(`${password}\n`);
      return exited;
    },
  };
}

const RecordingsSchema = v.object({ items: v.array(v.object({ id: v.string() })) });
const SessionsSchema = v.object({ items: v.array(v.object({ hash: v.string(), current: v.boolean() })) });

describe("a session's end closes its camera streams (docs/contract.md 'Cameras')", () => {
  let hub: TestHub;
  let hanging: { server: Server; port: number };
  /** A session that only watches: reads the hub's stream counts and the live channel. */
  let observer: string;
  let recordingId: string;
  useCameraHub(
    async () => {
      hanging = await startHangingCamera();
      return {
        simulator: true,
        cameras: [
          { id: "zoom", label: "Furtka", mobile: true, source: { type: "demo", hue: 210 } },
          { id: "brama", label: "Brama wjazdowa", source: { type: "demo", hue: 30 } },
          {
            id: "strych",
            label: "Strych",
            source: { type: "hls", url: `http://127.0.0.1:${hanging.port}/live/index.m3u8` },
          },
        ],
      };
    },
    (started) => ({ hub } = started),
  );
  beforeAll(async () => {
    observer = await login(hub, "demo", "demo", "observer");
    // A recording to play back: a demo motion event records about 5 s of brama.
    expect((await call(hub, "POST", `${V1}${demoMotionPath("brama")}`, { cookie: observer, body: {} })).status).toBe(
      200,
    );
    const end = Date.now() + 15_000;
    let id: string | undefined;
    while (!id && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      id = (
        await jsonOf(await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie: observer }), RecordingsSchema)
      ).items[0]?.id;
    }
    expect(id).toBeDefined();
    recordingId = id!;
  }, 30_000);
  afterAll(() => {
    hanging.server.closeAllConnections();
    hanging.server.close();
  });

  /** The hub's stream counts now (`GET /live/streams`, read by the observer). */
  const streams = async (): Promise<LiveStreamsAnswer["item"]> =>
    (await jsonOf(await call(hub, "GET", `${V1}${LIVE_STREAMS_PATH}`, { cookie: observer }), LiveStreamsAnswerSchema))
      .item;
  /** Camera `id`'s live streams in `counts`, summed. */
  const liveOf = (counts: LiveStreamsAnswer["item"], id: string): number => {
    const camera = counts.cameras.find((item) => item.id === id)!;
    return camera.mjpeg + camera.hls + camera.rtc;
  };

  /**
   * Opens in session `cookie` one stream of each kind: an MJPEG stream of brama, a WebRTC peer of
   * zoom (3 frames received), then, as late as can be (the clip lasts about 5 s, the hub waits 5 s
   * for a playlist), an HLS answer in flight of strych (its camera never answers) and a playback of
   * the recording. Checks the hub counts them, runs
   * `end`, then checks each of them ended within {@link END_WITHIN_MS} of the moment `end` answers
   * (the hub's counts back to where they were, the peer sends no more RTP), while `othersMjpeg`
   * (another session's stream) goes on.
   */
  async function streamsEndWith(cookie: string, end: () => Promise<void>): Promise<void> {
    const before = await streams();
    const othersMjpeg = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: observer });
    expect(othersMjpeg.status).toBe(200);
    const mjpeg = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie });
    expect(mjpeg.status).toBe(200);
    const viewer = await openViewer();
    try {
      const offer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie, body: { sdp: viewer.offer } });
      expect(offer.status).toBe(200);
      await viewer.accept((await jsonOf(offer, RtcAnswerSchema)).item.sdp);
      const framesBy = Date.now() + 10_000;
      while (viewer.stats.frames < 3 && Date.now() < framesBy) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(viewer.stats.frames).toBeGreaterThanOrEqual(3);
      // The hub gives up on a camera's playlist after 5 s: this one is opened just before the end.
      const hlsInFlight = call(hub, "GET", `${V1}${hlsPath("strych")}`, { cookie }).then(
        () => ({ outcome: "answered", at: Date.now() }),
        () => ({ outcome: "cut", at: Date.now() }),
      );
      const playback = await call(hub, "GET", `${V1}${recordingPath(recordingId)}`, { cookie });
      expect(playback.status).toBe(200);

      const open = await streams();
      expect(open.cameras.find((item) => item.id === "brama")!.mjpeg).toBe(
        before.cameras.find((item) => item.id === "brama")!.mjpeg + 2,
      );
      expect(open.cameras.find((item) => item.id === "zoom")!.rtc).toBe(
        before.cameras.find((item) => item.id === "zoom")!.rtc + 1,
      );
      expect(open.cameras.find((item) => item.id === "strych")!.hls).toBe(
        before.cameras.find((item) => item.id === "strych")!.hls + 1,
      );
      expect(open.total.playback).toBe(before.total.playback + 1);

      const ends = [endOf(mjpeg), endOf(playback)];
      const othersEnd = endOf(othersMjpeg, 4_000);
      const startedAt = Date.now();
      await end();
      const endedAt = Date.now();

      expectEndedWithin(await Promise.all(ends), startedAt, endedAt);
      const hls = await Promise.race([
        hlsInFlight,
        new Promise<{ outcome: string; at: number }>((resolve) =>
          setTimeout(() => resolve({ outcome: "still open", at: Date.now() }), END_WITHIN_MS),
        ),
      ]);
      expect(hls.outcome).toBe("cut");
      expectEndedWithin([hls.at], startedAt, endedAt);
      const countsBy = endedAt + END_WITHIN_MS;
      let after = await streams();
      while (
        Date.now() < countsBy &&
        (after.cameras.find((item) => item.id === "zoom")!.rtc >
          before.cameras.find((item) => item.id === "zoom")!.rtc ||
          after.total.playback > before.total.playback)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await streams();
      }
      // Only the observer's own stream of brama is left.
      expect({
        zoom: liveOf(after, "zoom"),
        brama: liveOf(after, "brama"),
        strych: liveOf(after, "strych"),
        playback: after.total.playback,
      }).toEqual({
        zoom: liveOf(before, "zoom"),
        brama: liveOf(before, "brama") + 1,
        strych: liveOf(before, "strych"),
        playback: before.total.playback,
      });
      // The hub closed its peer: no more RTP arrives (a packet already on its way may).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const packets = viewer.stats.packets.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(viewer.stats.packets.length - packets).toBeLessThanOrEqual(1);
      expect(await othersEnd).toBeNull();
    } finally {
      await viewer.close();
    }
  }

  it("locking a session ends its MJPEG stream, WebRTC peer, recording playback and an HLS answer in flight within 2 s; another session's stream goes on", async () => {
    const panel = await login(hub, "demo", "demo", "panel");
    await streamsEndWith(panel, async () => {
      expect((await call(hub, "POST", `${AUTH}/session/lock`, { cookie: panel, body: {} })).status).toBe(200);
    });
    const refused = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: panel });
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("AUTH_SESSION_LOCKED");
  }, 30_000);

  it("logging out ends every stream of the session within 2 s", async () => {
    const panel = await login(hub, "demo", "demo", "logout");
    await streamsEndWith(panel, async () => {
      expect((await call(hub, "DELETE", `${AUTH}/session`, { cookie: panel, body: {} })).status).toBe(200);
    });
  }, 30_000);

  it("revoking a session from another device (DELETE /session {hash}) ends every stream of it within 2 s", async () => {
    const panel = await login(hub, "demo", "demo", "revoked panel");
    const phone = await login(hub, "demo", "demo", "phone");
    const hash = (
      await jsonOf(await call(hub, "GET", `${AUTH}/session/all`, { cookie: panel }), SessionsSchema)
    ).items.find((item) => item.current)!.hash;
    await streamsEndWith(panel, async () => {
      expect((await call(hub, "DELETE", `${AUTH}/session`, { cookie: phone, body: { hash } })).status).toBe(200);
    });
  }, 30_000);

  it("a password changed with the hub's CLI (its own process, same database) logs out every session of the login: streams and live connections close within 2 s, the end is announced", async () => {
    expect(
      await runCli(["user", "add", "anna", "--password", "stare hasło", "--pin", "2468"], {
        env: { HUB_DATA_DIR: hub.dataDir },
        out: () => undefined,
        err: () => undefined,
        readStdin: async () => "",
      }),
    ).toBe(0);
    const panel = await login(hub, "anna", "stare hasło", "panel Anny");
    const phone = await login(hub, "anna", "stare hasło", "telefon Anny");
    const hashes = (
      await jsonOf(await call(hub, "GET", `${AUTH}/session/all`, { cookie: panel }), SessionsSchema)
    ).items.map((item) => item.hash);
    expect(hashes).toHaveLength(2);
    const live = await connectBrowser(hub, phone);
    const watcher = await connectBrowser(hub, observer);
    try {
      const liveClosed = new Promise<number>((resolve) => live.once("close", () => resolve(Date.now())));
      await watcher.subscribeAsync("session/#");
      const announced = hashes.map((hash) => nextMessage(watcher, sessionEndedTopic(hash), 15_000));
      let changedAt = 0;
      const passwd = startCliProcess(hub.dataDir, ["user", "passwd", "anna", "--password-stdin"]);
      await streamsEndWith(panel, async () => {
        const cli = await passwd.send("nowe hasło");
        expect(cli.output).toContain("2 session(s) logged out");
        expect(cli.code).toBe(0);
        changedAt = Date.now();
      });
      expect((await liveClosed) - changedAt).toBeLessThan(END_WITHIN_MS);
      for (const message of await Promise.all(announced))
        expect(v.parse(SessionEndedPayloadSchema, JSON.parse(message.payload)).reason).toBe("revoked");
      for (const cookie of [panel, phone]) {
        const refused = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie });
        expect(refused.status).toBe(401);
        expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("AUTH_NO_SESSION");
      }
      expect(
        (
          await call(hub, "POST", `${AUTH}/auth`, {
            body: { login: "anna", password: "stare hasło", sessionName: "x" },
          })
        ).status,
      ).toBe(401);
      await login(hub, "anna", "nowe hasło");
      // The observer (another login) is untouched.
      expect((await call(hub, "GET", `${V1}${LIVE_STREAMS_PATH}`, { cookie: observer })).status).toBe(200);
      expect(watcher.connected).toBe(true);
    } finally {
      live.end(true);
      watcher.end(true);
    }
  }, 60_000);

  it("one session holds at most 2 live streams of a camera, MJPEG and WebRTC together (the third is 429 TOO_MANY_STREAMS) while another session still gets its stream", async () => {
    const panel = await login(hub, "demo", "demo", "limits");
    const mjpeg = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    expect(mjpeg.status).toBe(200);
    const viewer = await openViewer();
    const other = await openViewer();
    try {
      const offer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie: panel, body: { sdp: viewer.offer } });
      expect(offer.status).toBe(200);
      await viewer.accept((await jsonOf(offer, RtcAnswerSchema)).item.sdp);
      for (const third of [
        await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel }),
        await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie: panel, body: { sdp: other.offer } }),
      ]) {
        expect(third.status).toBe(429);
        expect((await jsonOf(third, ErrorBodySchema)).code).toBe("TOO_MANY_STREAMS");
      }
      const others = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: observer });
      expect(others.status).toBe(200);
      await others.body!.cancel();
      // Another camera is not counted against this one.
      const brama = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: panel });
      expect(brama.status).toBe(200);
      await brama.body!.cancel();
      await mjpeg.body!.cancel();
    } finally {
      await viewer.close();
      await other.close();
    }
  }, 30_000);

  it("a PATCH that disables a camera ends its MJPEG streams, WebRTC peers and HLS answers in every session within 2 s; other cameras' streams go on", async () => {
    const panel = await login(hub, "demo", "demo", "disable");
    const before = await streams();
    const zoomMjpeg = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    const observersZoom = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: observer });
    const brama = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: panel });
    expect([zoomMjpeg.status, observersZoom.status, brama.status]).toEqual([200, 200, 200]);
    const hlsInFlight = call(hub, "GET", `${V1}${hlsPath("strych")}`, { cookie: observer }).then(
      () => "answered",
      () => "cut",
    );
    const viewer = await openViewer();
    try {
      const offer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie: panel, body: { sdp: viewer.offer } });
      expect(offer.status).toBe(200);
      await viewer.accept((await jsonOf(offer, RtcAnswerSchema)).item.sdp);
      const open = await streams();
      expect(liveOf(open, "zoom")).toBe(liveOf(before, "zoom") + 3);
      expect(liveOf(open, "strych")).toBe(liveOf(before, "strych") + 1);

      const ends = [endOf(zoomMjpeg), endOf(observersZoom)];
      const bramaEnd = endOf(brama, 4_000);
      const startedAt = Date.now();
      for (const id of ["zoom", "strych"])
        expect(
          (await call(hub, "PATCH", `${V5}${cameraPath(id)}`, { cookie: panel, body: { config: { enabled: false } } }))
            .status,
        ).toBe(200);
      expectEndedWithin(await Promise.all(ends), startedAt, Date.now());
      expect(
        await Promise.race([
          hlsInFlight,
          new Promise((resolve) => setTimeout(() => resolve("still open"), END_WITHIN_MS)),
        ]),
      ).toBe("cut");
      const after = await streams();
      expect({ zoom: liveOf(after, "zoom"), strych: liveOf(after, "strych") }).toEqual({ zoom: 0, strych: 0 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const packets = viewer.stats.packets.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(viewer.stats.packets.length - packets).toBeLessThanOrEqual(1);
      expect(await bramaEnd).toBeNull();
    } finally {
      await viewer.close();
      for (const id of ["zoom", "strych"])
        await call(hub, "PATCH", `${V5}${cameraPath(id)}`, { cookie: panel, body: { config: { enabled: true } } });
    }
  }, 30_000);
});
