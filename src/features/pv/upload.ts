import { ApiError } from "../../lib/api/errors";
import { errorOfXhr } from "../../lib/api/refusal";

/** Progress of an upload: bytes sent and the total (0 when the browser does not know it). */
export type UploadProgress = { loaded: number; total: number };

/**
 * POSTs `form` (multipart/form-data) to `url` with XMLHttpRequest, the one browser API that reports
 * upload progress on HTTP/1.1 (`onProgress`, throttled by the browser). Same-origin cookies go with
 * it. Resolves with the parsed JSON body of a 2xx; rejects with an ApiError: 4xx "client" / 5xx
 * "server" with the hub's error body (its `code`, `line`), "network", "timeout" (after `timeoutMs`)
 * or "aborted" (`signal`).
 */
export function postForm(
  url: string,
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? 120_000;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    const body = (): unknown => {
      try {
        return xhr.responseText === "" ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        return xhr.responseText;
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(body());
      else reject(errorOfXhr(xhr));
    };
    xhr.onerror = () => reject(new ApiError("Network error: upload failed", { kind: "network" }));
    xhr.ontimeout = () => reject(new ApiError("Request timed out", { kind: "timeout" }));
    xhr.onabort = () => reject(new ApiError("Request aborted", { kind: "aborted" }));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
