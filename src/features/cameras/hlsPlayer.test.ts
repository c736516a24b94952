import { describe, expect, it } from "vitest";
import { HLS_PLAYER_CONFIG, hlsRefusalOf } from "./hlsPlayer";

describe("the live view's hls.js settings (spec §9: the live viewer's HTTP, 30 s, no retries)", () => {
  it("loads the master playlist, the media playlists and the segments once, each within 30 s", () => {
    for (const policy of [
      HLS_PLAYER_CONFIG.manifestLoadPolicy,
      HLS_PLAYER_CONFIG.playlistLoadPolicy,
      HLS_PLAYER_CONFIG.fragLoadPolicy,
    ]) {
      expect(policy.default).toEqual({
        maxTimeToFirstByteMs: 30_000,
        maxLoadTimeMs: 30_000,
        timeoutRetry: null,
        errorRetry: null,
      });
    }
  });

  it("sends the session cookie with every request", () => {
    const xhr = new XMLHttpRequest();
    HLS_PLAYER_CONFIG.xhrSetup(xhr);
    expect(xhr.withCredentials).toBe(true);
  });
});

describe("hlsRefusalOf", () => {
  it("reads a playlist answered 403 as the hub's refusal with its code", () => {
    const xhr = {} as XMLHttpRequest;
    const refusal = hlsRefusalOf({
      response: { url: "/index.m3u8", code: 403, text: "Forbidden" },
      networkDetails: xhr,
    });
    expect(refusal?.status).toBe(403);
    expect(refusal?.kind).toBe("client");
  });

  it("takes the hub's error body from the request when it still has it", () => {
    const xhr = new XMLHttpRequest();
    Object.defineProperties(xhr, {
      status: { value: 403 },
      statusText: { value: "Forbidden" },
      responseText: { value: JSON.stringify({ code: "AUTH_SESSION_LOCKED", message: "Session locked" }) },
    });
    expect(
      hlsRefusalOf({ response: { url: "/seg1.ts", code: 403, text: "Forbidden" }, networkDetails: xhr })?.code,
    ).toBe("AUTH_SESSION_LOCKED");
  });

  it("is null for stream errors the view restarts after: a 404 segment, a 409 camera, no answer at all", () => {
    expect(hlsRefusalOf({ response: { url: "/seg1.ts", code: 404, text: "" } })).toBeNull();
    expect(hlsRefusalOf({ response: { url: "/index.m3u8", code: 409, text: "" } })).toBeNull();
    expect(hlsRefusalOf({})).toBeNull();
  });
});
