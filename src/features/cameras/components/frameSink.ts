/**
 * Shows JPEG frames in an `<img>`: each frame becomes an object URL, is decoded off the
 * main thread (`HTMLImageElement.decode()`) in a detached image, and only then replaces the shown
 * one, whose object URL is revoked at once. A frame arriving while one is decoding waits as the
 * only pending one (older pending frames are dropped), so a slow device shows the latest frame and
 * holds at most two object URLs. `close()` revokes everything. `onShown` runs per frame shown.
 */
export function createFrameSink(
  img: HTMLImageElement,
  onShown: () => void,
): { push(jpeg: Uint8Array): void; close(): void } {
  let shownUrl: string | null = null;
  let pending: Uint8Array | null = null;
  let decoding = false;
  let closed = false;

  const show = async (jpeg: Uint8Array): Promise<void> => {
    decoding = true;
    const url = URL.createObjectURL(new Blob([jpeg as BlobPart], { type: "image/jpeg" }));
    try {
      const probe = new Image();
      probe.src = url;
      await probe.decode();
      if (closed) {
        URL.revokeObjectURL(url);
        return;
      }
      img.src = url;
      if (shownUrl) URL.revokeObjectURL(shownUrl);
      shownUrl = url;
      onShown();
    } catch {
      URL.revokeObjectURL(url); // a frame that does not decode is skipped
    } finally {
      decoding = false;
      const next = pending;
      pending = null;
      if (next && !closed) void show(next);
    }
  };

  return {
    push: (jpeg) => {
      if (closed) return;
      if (decoding) pending = jpeg;
      else void show(jpeg);
    },
    close: () => {
      closed = true;
      pending = null;
      if (shownUrl) URL.revokeObjectURL(shownUrl);
      shownUrl = null;
    },
  };
}
