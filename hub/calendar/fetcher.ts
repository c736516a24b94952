import { MAX_ICS_BYTES } from "../../contract/calendar";
import { CalendarFailure } from "./ics";

/** How a fetch is bounded: the whole answer's time, the redirects followed, the body's size. */
export type FetchLimits = { timeoutMs: number; maxRedirects: number; maxBytes: number };

/** The hub's bounds: 20 s, 3 redirects, {@link MAX_ICS_BYTES}. */
export const FETCH_LIMITS: FetchLimits = { timeoutMs: 20_000, maxRedirects: 3, maxBytes: MAX_ICS_BYTES };

/** The validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
export type Validators = { etag: string | null; lastModified: string | null };

/** A fetch's outcome: `not-modified` (304) or the body with its new validators. */
export type FetchOutcome = { status: "not-modified" } | ({ status: "ok"; body: Uint8Array } & Validators);

/** The URL with its credentials moved into an Authorization header (fetch refuses user:password@ URLs). */
function requestOf(address: string): { url: URL; headers: Record<string, string> } {
  const url = new URL(address);
  const headers: Record<string, string> = { accept: "text/calendar, */*;q=0.5", "user-agent": "household-hub" };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return { url, headers };
}

/** Reads `body` whole, aborting past `maxBytes`. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  abort: () => void,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      abort();
      await reader.cancel().catch(() => undefined);
      throw new CalendarFailure("too_large", `over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs an ICS address with its last validators (ETag → If-None-Match, Last-Modified →
 * If-Modified-Since), following at most `maxRedirects` redirects (http and https only; the
 * credentials only to the same origin), within `timeoutMs` for the whole answer, reading at most
 * `maxBytes` (a larger Content-Length is refused before reading; a longer body is aborted).
 * @throws CalendarFailure `unreachable`, `timeout`, `http` (with its status), `redirects`, `too_large`
 */
export async function fetchIcs(
  address: string,
  validators: Validators,
  limits: FetchLimits = FETCH_LIMITS,
): Promise<FetchOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  timer.unref();
  try {
    let { url, headers } = requestOf(address);
    const origin = url.origin;
    for (let redirects = 0; ; redirects += 1) {
      const conditional: Record<string, string> = {};
      if (validators.etag) conditional["if-none-match"] = validators.etag;
      if (validators.lastModified) conditional["if-modified-since"] = validators.lastModified;
      const response = await fetch(url, {
        headers: { ...headers, ...conditional },
        redirect: "manual",
        signal: controller.signal,
      });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get("location");
        if (!location || redirects >= limits.maxRedirects)
          throw new CalendarFailure("redirects", `more than ${limits.maxRedirects} redirects`);
        const next = new URL(location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          throw new CalendarFailure("redirects", "redirected away from http(s)");
        headers = requestOf(address).headers;
        if (next.origin !== origin) delete headers.authorization;
        url = next;
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel().catch(() => undefined);
        return { status: "not-modified" };
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw new CalendarFailure("http", `HTTP ${response.status}`, response.status);
      }
      const length = Number(response.headers.get("content-length"));
      if (Number.isFinite(length) && length > limits.maxBytes) {
        controller.abort();
        throw new CalendarFailure("too_large", `Content-Length ${length} over ${limits.maxBytes} bytes`);
      }
      const body = await readCapped(response.body, limits.maxBytes, () => controller.abort());
      return {
        status: "ok",
        body,
        etag: response.headers.get("etag"),
        lastModified: response.headers.get("last-modified"),
      };
    }
  } catch (error) {
    if (error instanceof CalendarFailure) throw error;
    if (timedOut) throw new CalendarFailure("timeout", `no answer within ${limits.timeoutMs} ms`);
    throw new CalendarFailure(
      "unreachable",
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : "fetch failed",
    );
  } finally {
    clearTimeout(timer);
  }
}
