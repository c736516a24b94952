import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { errorOfResponse } from "../../../lib/api/refusal";
import { LIVE_VIEW } from "../../../shared/contract/cameras";
import { cameraClientsAtom } from "../atoms";

/** Props of {@link SnapshotImage}: the snapshot's URL, and the image's class and test id. */
export type SnapshotImageProps = { url: string; className: string; testId: string };

/**
 * A camera preview (one JPEG from `GET /live/snapshot/{cameraId}`, no stream held open), decorative
 * (`alt=""`, its card names it). Fetched once with the session cookie, at most 30 s, never retried
 * (spec §9: the live viewer's HTTP); shown through an object URL that is revoked when the image goes
 * or changes. A failed answer goes to the camera API client (spec §4: AUTH_SESSION_LOCKED shows the
 * PIN screen); the image then stays empty.
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
        const response = await fetch(url, { credentials: "include", cache: "no-store", signal: abort.signal });
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
