import { describe, expect, it } from "vitest";
import type { Camera } from "../../../contract/cameras";
import { withCameraItem } from "./item";

const camera = (id: string, label = id): Camera => ({
  id,
  label,
  enabled: true,
  hls: false,
  mjpeg: true,
  streams: { mobile: false },
  nightmode: false,
  scaling: "stretch",
  blackAndWhite: false,
  ptz: false,
});

describe("withCameraItem (the hub's current item over the cached list)", () => {
  it("replaces the camera in place, adds one the list did not have, removes one the hub does not have", () => {
    const list = [camera("zoom"), camera("brama")];
    expect(
      withCameraItem(list, "zoom", { ...camera("zoom"), enabled: false })?.map((item) => [item.id, item.enabled]),
    ).toEqual([
      ["zoom", false],
      ["brama", true],
    ]);
    expect(withCameraItem(list, "ogrod", camera("ogrod"))?.map((item) => item.id)).toEqual(["zoom", "brama", "ogrod"]);
    expect(withCameraItem(list, "brama", null)?.map((item) => item.id)).toEqual(["zoom"]);
    expect(withCameraItem(null, "zoom", camera("zoom"))).toBeNull();
  });

  it("keeps the same list when the hub's item is what the list had (no re-render)", () => {
    const list = [camera("zoom"), camera("brama")];
    expect(withCameraItem(list, "zoom", camera("zoom"))).toBe(list);
    expect(withCameraItem(list, "nie-ma", null)).toBe(list);
  });
});
