import { describe, expect, it } from "vitest";
import type { Camera } from "../../../contract/cameras";
import { defaultUiState, nextMode, nextScaling, supportedModes, uiStateOf } from "./uiState";

const camera = (over: Partial<Camera> = {}): Camera => ({
  id: "zoom",
  label: "Furtka",
  enabled: true,
  hls: false,
  mjpeg: true,
  streams: { mobile: false },
  nightmode: false,
  scaling: "stretch",
  blackAndWhite: false,
  ...over,
});

describe("camera mode, scaling and stream (spec §4)", () => {
  it("rtc always when enabled, then hls and mjpeg when the camera has them; nothing when disabled", () => {
    expect(supportedModes(camera({ hls: true, mjpeg: true }))).toEqual(["rtc", "hls", "mjpeg"]);
    expect(supportedModes(camera({ hls: false, mjpeg: true }))).toEqual(["rtc", "mjpeg"]);
    expect(supportedModes(camera({ hls: false, mjpeg: false }))).toEqual(["rtc"]);
    expect(supportedModes(camera({ enabled: false, hls: true }))).toEqual([]);
  });

  it("the mode cycles in order and wraps", () => {
    const all = camera({ hls: true, mjpeg: true });
    expect([nextMode(all, "rtc"), nextMode(all, "hls"), nextMode(all, "mjpeg")]).toEqual(["hls", "mjpeg", "rtc"]);
    expect(nextMode(camera(), "rtc")).toBe("mjpeg");
    expect(nextMode(camera(), "mjpeg")).toBe("rtc");
  });

  it("scaling cycles stretch, contain, cover", () => {
    expect([nextScaling("stretch"), nextScaling("contain"), nextScaling("cover")]).toEqual([
      "contain",
      "cover",
      "stretch",
    ]);
  });

  it("defaults: playing, rtc, the camera's scaling, mobile stream when it has one, audio as the first interaction", () => {
    expect(defaultUiState(camera(), false)).toEqual({
      play: true,
      mode: "rtc",
      scaling: "stretch",
      stream: "full",
      audio: false,
    });
    expect(defaultUiState(camera({ streams: { mobile: true }, scaling: "cover" }), true)).toEqual({
      play: true,
      mode: "rtc",
      scaling: "cover",
      stream: "mobile",
      audio: true,
    });
  });

  it("a remembered mode the camera lost falls back to its first mode", () => {
    expect(
      uiStateOf(camera(), { play: true, mode: "hls", scaling: "contain", stream: "full", audio: false }, false).mode,
    ).toBe("rtc");
    expect(
      uiStateOf(camera(), { play: false, mode: "mjpeg", scaling: "contain", stream: "full", audio: false }, false),
    ).toEqual({ play: false, mode: "mjpeg", scaling: "contain", stream: "full", audio: false });
  });
});
