import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { errorOfResponse } from "../../../lib/api/refusal";
import { LIVE_VIEW } from "../../../../contract/cameras";
import { cameraClientsAtom } from "../atoms";

/** Attempts of one preview: a 429 (the hub takes a bounded number of snapshots at once) is tried again, at most this often in all. */
export const SNAPSHOT_ATTEMPTS = 3;

/** The wait before trying a snapshot again after a 429 without `retryAfterMs`, ms. */
const SNAPSHOT_RETRY_MS = 1_000;

/** The hub's `retryAfterMs` of a refusal's body (docs/contract.md "Cameras"), else {@link SNAPSHOT_RETRY_MS}; at most 5 s. */
function retryAfterOf(body: unknown): number {
  const value =
    typeof body === "object" && body !== null ? (body as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.min(value, 5_000) : SNAPSHOT_RETRY_MS;
}

/** Props of {@link SnapshotImage}: the snapshot's URL, and the image's class and test id. */
export type SnapshotImageProps = { url: string; className: string; testId: string };

/**
 * A camera preview (one JPEG from `GET /live/snapshot/{cameraId}`, no stream held open), decorative
 * (`alt=""`, its card names it). Fetched with the session cookie, at most 30 s in all, not retried
 * after a network failure (spec §9: the live viewer's HTTP); a 429 TOO_MANY_STREAMS (the hub is
 * busy taking snapshots) is tried again after its `retryAfterMs`, {@link SNAPSHOT_ATTEMPTS} attempts
 * in all. Shown through an object URL that is revoked when the image goes or changes. Any other
 * failed answer goes to the camera API client (spec §4: AUTH_SESSION_LOCKED shows the PIN screen);
 * the image then stays empty.
 */
export function SnapshotImage({ url, className, testId }: SnapshotImageProps) {
  const clients = useAtomValue(cameraClientsAtom);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), LIVE_VIEW.httpTimeoutMs);
    let objectUrl: string | null = null;
    void (async () => {
      try {
        let response = await fetch(url, { credentials: "include", cache: "no-store", signal: abort.signal });
        for (let attempt = 1; response.status === 429 && attempt < SNAPSHOT_ATTEMPTS; attempt++) {
          const wait = retryAfterOf((await errorOfResponse(response)).body);
          await new Promise<void>((resolve, reject) => {
            const retry = setTimeout(resolve, wait);
            abort.signal.addEventListener("abort", () => (clearTimeout(retry), reject(abort.signal.reason)), {
              once: true,
            });
          });
          response = await fetch(url, { credentials: "include", cache: "no-store", signal: abort.signal });
        }
        if (!response.ok) {
          const error = await errorOfResponse(response);
          if (clients) clients.cameras.report(error);
          return;
        }
        const blob = await response.blob();
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      } catch {
        // no connection or too slow: the preview stays empty
      } finally {
        clearTimeout(timer);
      }
    })();
    return () => {
      abort.abort();
      clearTimeout(timer);
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [url, clients]);
  return <img className={className} src={src ?? undefined} alt="" data-testid={testId} data-loaded={src !== null} />;
}
