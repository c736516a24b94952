import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { SNAPSHOT_ATTEMPTS, SnapshotImage } from "./SnapshotImage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL_OF = "http://localhost/api/cameras/v1/live/snapshot/brama";
/** The hub's 429 when it is busy taking snapshots (docs/contract.md "Cameras"), asking to wait 20 ms. */
const busy = () =>
  new Response(JSON.stringify({ code: "TOO_MANY_STREAMS", message: "busy", retryAfterMs: 20 }), {
    status: 429,
    headers: { "content-type": "application/json" },
  });
const jpeg = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200, headers: { "content-type": "image/jpeg" } });

/** Stubs the network with `answers`, one per request in order (the last repeats); answers the URLs asked. */
function hubAnswers(answers: (() => Response)[]): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    asked.push(String(input));
    return Promise.resolve((answers[asked.length - 1] ?? answers[answers.length - 1]!)());
  });
  return asked;
}

describe("a camera preview when the hub is busy taking snapshots (429 TOO_MANY_STREAMS)", () => {
  it("tries again after the hub's retryAfterMs and shows the picture", async () => {
    const asked = hubAnswers([busy, busy, jpeg]);
    renderWithApp(<SnapshotImage url={URL_OF} className="preview" testId="preview" />);
    await waitFor(() => expect(screen.getByTestId("preview").dataset.loaded).toBe("true"));
    expect(asked).toEqual([URL_OF, URL_OF, URL_OF]);
  });

  it(`gives up after ${SNAPSHOT_ATTEMPTS} attempts: the preview stays empty and nothing else is asked`, async () => {
    const asked = hubAnswers([busy]);
    renderWithApp(<SnapshotImage url={URL_OF} className="preview" testId="preview" />);
    await waitFor(() => expect(asked).toHaveLength(SNAPSHOT_ATTEMPTS));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(SNAPSHOT_ATTEMPTS);
    expect(screen.getByTestId("preview").dataset.loaded).toBe("false");
  });
});
