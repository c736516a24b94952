import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HubError } from "../../core/errors";
import { startFakeGo2rtc, type FakeGo2rtc } from "../../testing/fake-go2rtc";
import { freePort } from "../../testing/harness";
import { go2rtcFileRef, Go2rtcHls, rewriteGo2rtcPlaylist } from "./go2rtc";

const GATEWAY = new URL("http://192.168.1.10:1984/");
const HLS_BASE = new URL("api/hls/", GATEWAY);

/** go2rtc's fMP4 media playlist (internal/hls/session.go, `&mp4`), session `AbC123xy`. */
const GO2RTC_FMP4 = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-MAP:URI="init.mp4?id=AbC123xy"
#EXTINF:0.500,
segment.m4s?id=AbC123xy&n=7
#EXTINF:0.500,
segment.m4s?id=AbC123xy&n=8`;

/** The HubError a promise rejects with. */
async function hubErrorOf(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

/** A loopback server answering each request with `handler` (or never, when it does nothing). */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("go2rtc HLS proxy", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const fake = async (options: Parameters<typeof startFakeGo2rtc>[0] = {}): Promise<FakeGo2rtc> => {
    const gateway = await startFakeGo2rtc(options);
    cleanups.push(() => gateway.close());
    return gateway;
  };
  const server = async (handler: Parameters<typeof createServer>[1]): Promise<string> => {
    const { url, server: srv } = await serve(handler);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          srv.closeAllConnections();
          srv.close(() => resolve());
        }),
    );
    return url;
  };

  it("rewrites go2rtc's master, TS and fMP4 playlists to hub-relative names, tags kept", () => {
    const master = rewriteGo2rtcPlaylist(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"\nhls/playlist.m3u8?id=AbC123xy',
      new URL("api/stream.m3u8?src=cam1", GATEWAY),
      HLS_BASE,
    );
    expect(master).toBe('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"\nplaylist.m3u8?id=AbC123xy');
    const playlistUrl = new URL("playlist.m3u8?id=AbC123xy", HLS_BASE);
    expect(
      rewriteGo2rtcPlaylist(
        "#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:0.500,\nsegment.ts?id=AbC123xy&n=3\r\n",
        playlistUrl,
        HLS_BASE,
      ),
    ).toBe("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:0.500,\nsegment.ts?id=AbC123xy&n=3\n");
    const fmp4 = rewriteGo2rtcPlaylist(GO2RTC_FMP4, playlistUrl, HLS_BASE);
    expect(fmp4).toContain('#EXT-X-MAP:URI="init.mp4?id=AbC123xy"');
    expect(fmp4.split("\n").filter((line) => !line.startsWith("#"))).toEqual([
      "segment.m4s?id=AbC123xy&n=7",
      "segment.m4s?id=AbC123xy&n=8",
    ]);
    // An absolute URI to the same gateway is fine, and comes out relative too.
    expect(
      rewriteGo2rtcPlaylist("http://192.168.1.10:1984/api/hls/segment.ts?id=AbC123xy&n=1", playlistUrl, HLS_BASE),
    ).toBe("segment.ts?id=AbC123xy&n=1");
  });

  it("refuses a playlist that points anywhere else: another host, another path, a bad session id or number", () => {
    const playlistUrl = new URL("playlist.m3u8?id=AbC123xy", HLS_BASE);
    for (const uri of [
      "http://evil.example/api/hls/segment.ts?id=AbC123xy",
      "//evil.example/api/hls/segment.ts?id=AbC123xy",
      "http://192.168.1.10:8080/api/hls/segment.ts?id=AbC123xy",
      "../config?id=AbC123xy",
      "../../api/streams?id=x",
      "segment.ts?id=../../x",
      "segment.ts?id=AbC123xy&n=-1",
      "segment.ts",
      "record.mp4?id=AbC123xy",
      "file:///etc/passwd",
    ]) {
      expect(() => rewriteGo2rtcPlaylist(`#EXTM3U\n#EXTINF:0.5,\n${uri}`, playlistUrl, HLS_BASE), uri).toThrow(
        /unexpected URI/,
      );
    }
    expect(() =>
      rewriteGo2rtcPlaylist('#EXTM3U\n#EXT-X-MAP:URI="http://evil.example/init.mp4"', playlistUrl, HLS_BASE),
    ).toThrow(/unexpected URI/);
  });

  it("checks the browser's file names and parameters before anything goes upstream", () => {
    expect(go2rtcFileRef("segment.ts", { id: "AbC123xy", n: "12" })).toEqual({
      file: "segment.ts",
      id: "AbC123xy",
      n: "12",
    });
    expect(go2rtcFileRef("init.mp4", { id: "AbC123xy" })).toEqual({ file: "init.mp4", id: "AbC123xy", n: undefined });
    expect(go2rtcFileRef("segment.ts", { id: ["a", "b"] })).toBeNull();
    expect(go2rtcFileRef("segment.ts", { id: "a/b" })).toBeNull();
    expect(go2rtcFileRef("segment.ts", { id: "abc", n: "1e3" })).toBeNull();
    expect(go2rtcFileRef("stream.m3u8", { id: "abc" })).toBeNull();
    expect(go2rtcFileRef("..", { id: "abc" })).toBeNull();
    expect(go2rtcFileRef("constructor", { id: "abc" })).toBeNull();
  });

  it("walks go2rtc's session through the proxy: master, media playlist, segment bytes; Basic login from the URL goes only upstream", async () => {
    const segment = Buffer.from([0x47, 1, 2, 3]);
    const gateway = await fake({
      segment,
      authorization: `Basic ${Buffer.from("admin:tajne hasło").toString("base64")}`,
    });
    const hls = new Go2rtcHls({ url: gateway.url.replace("http://", "http://admin:tajne%20has%C5%82o@"), src: "cam1" });
    const master = await hls.index();
    expect(master.contentType).toBe("application/vnd.apple.mpegurl");
    const id = gateway.sessions[0]!;
    expect(master.body.toString()).toBe(
      `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"\nplaylist.m3u8?id=${id}`,
    );
    const media = (await hls.file({ file: "playlist.m3u8", id })).body.toString();
    expect(media).toContain(`segment.ts?id=${id}&n=0`);
    const bytes = await hls.file({ file: "segment.ts", id, n: "0" });
    expect(bytes).toEqual({ body: segment, contentType: "video/mp2t" });
    expect(gateway.requests.map((request) => request.url)).toEqual([
      "/api/stream.m3u8?src=cam1",
      `/api/hls/playlist.m3u8?id=${id}`,
      `/api/hls/segment.ts?id=${id}&n=0`,
    ]);
    for (const request of gateway.requests)
      expect(request.authorization).toBe(`Basic ${Buffer.from("admin:tajne hasło").toString("base64")}`);
    expect(`${master.body.toString()}${media}`).not.toMatch(/admin|127\.0\.0\.1|api\//);
  });

  it("keeps a gateway under a path prefix (go2rtc's base_path) and encodes the src", async () => {
    const seen: string[] = [];
    const url = await server((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(200).end("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhls/playlist.m3u8?id=abcdefgh");
    });
    const hls = new Go2rtcHls({ url: `${url}/go2rtc`, src: "front door&x=1" });
    expect((await hls.index()).body.toString()).toContain("\nplaylist.m3u8?id=abcdefgh");
    expect(seen).toEqual(["/go2rtc/api/stream.m3u8?src=front+door%26x%3D1"]);
  });

  it("a dead gateway, a hanging one, a redirect, an error or an oversized answer: a clear error, in time, never the URL", async () => {
    const dead = new Go2rtcHls({ url: `http://user:secret@127.0.0.1:${await freePort()}`, src: "cam1" });
    const refused = await hubErrorOf(dead.index());
    expect(refused.code).toBe("DEVICE_UNREACHABLE");
    expect(refused.message).toMatch(/^the camera gateway is unreachable \(ECONNREFUSED\)$/);

    const hanging = await server(() => undefined);
    const slow = new Go2rtcHls({ url: hanging, src: "cam1" }, undefined, { playlistMs: 300, segmentMs: 300 });
    const started = Date.now();
    const timeout = await hubErrorOf(slow.file({ file: "segment.ts", id: "abcdefgh", n: "1" }));
    expect(timeout).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway is unreachable (timeout)",
    });
    expect(Date.now() - started).toBeLessThan(2_000);

    const stalling = await server((_request, response) => {
      response.writeHead(200, { "Content-Type": "video/mp2t" });
      response.write(Buffer.alloc(188, 0x47));
    });
    const stalled = await hubErrorOf(
      new Go2rtcHls({ url: stalling, src: "cam1" }, undefined, { playlistMs: 300, segmentMs: 300 }).file({
        file: "segment.ts",
        id: "abcdefgh",
      }),
    );
    expect(stalled).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway's answer broke off (timeout)",
    });

    let followed = false;
    const target = await server((_request, response) => {
      followed = true;
      response.end("#EXTM3U");
    });
    const redirecting = await server((_request, response) =>
      response.writeHead(302, { Location: `${target}/api/stream.m3u8` }).end(),
    );
    expect(await hubErrorOf(new Go2rtcHls({ url: redirecting, src: "cam1" }).index())).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway answered HTTP 302",
    });
    expect(followed).toBe(false);

    const gateway = await fake();
    const unknown = await hubErrorOf(new Go2rtcHls({ url: gateway.url, src: "nie-ma" }).index());
    expect(unknown).toMatchObject({ code: "NOT_FOUND" });
    const ended = await hubErrorOf(
      new Go2rtcHls({ url: gateway.url, src: "cam1" }).file({ file: "playlist.m3u8", id: "gone1234" }),
    );
    expect(ended.code).toBe("NOT_FOUND");
    const locked = await fake({ authorization: "Basic eDp5" });
    expect(await hubErrorOf(new Go2rtcHls({ url: locked.url, src: "cam1" }).index())).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway answered HTTP 401",
    });

    const huge = await server((_request, response) => response.writeHead(200).end(Buffer.alloc(70_000, 0x23)));
    expect(await hubErrorOf(new Go2rtcHls({ url: huge, src: "cam1" }).index())).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway's answer is too large",
    });

    const hostile = await fake({ playlist: "#EXTM3U\n#EXTINF:0.5,\nhttp://169.254.169.254/latest/meta-data?id=%ID%" });
    const proxy = new Go2rtcHls({ url: hostile.url, src: "cam1" });
    await proxy.index();
    const rewritten = await hubErrorOf(proxy.file({ file: "playlist.m3u8", id: hostile.sessions[0]! }));
    expect(rewritten).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the camera gateway answered a playlist with an unexpected URI",
    });
    for (const error of [refused, timeout, stalled, rewritten])
      expect(error.message).not.toMatch(/127\.0\.0\.1|secret|169\.254/);
  });
});
