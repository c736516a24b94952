import { HubError } from "../../core/errors";

/** Largest snapshot accepted from a camera or gateway, bytes (spec §9's live-view buffer cap). */
export const MAX_JPEG_BYTES = 5_242_880;

/**
 * A camera's own HTTP server or a camera gateway, as the hub calls it: a base URL that
 * may carry `user:password@` (sent only to that server, as HTTP Basic authorization: fetch refuses
 * URLs with credentials, and the browser never sees them), redirects refused, every call bounded in
 * time and size. Every failure is a {@link HubError} DEVICE_UNREACHABLE (409) whose message starts
 * with `label` (e.g. `camera gateway (go2rtc)`) and never contains the URL or the login.
 */
export class HttpUpstream {
  /** The URL without its login. */
  readonly base: URL;
  /** `Basic …` when the URL carried a login, else null. */
  readonly authorization: string | null;

  constructor(
    url: string,
    private readonly label: string,
  ) {
    const base = new URL(url);
    this.authorization =
      base.username || base.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}`
        : null;
    base.username = "";
    base.password = "";
    this.base = base;
  }

  /** The refusal of a failed call: 409 DEVICE_UNREACHABLE `<label>: <what>`. */
  unreachable(what: string): HubError {
    return new HubError("DEVICE_UNREACHABLE", `${this.label}: ${what}`);
  }

  /**
   * Calls `url` (on this server); the timeout covers the headers (the body has its own, {@link body})
   * and aborts `abort`, the caller's controller of a stream, which the caller owns afterwards.
   * @throws HubError DEVICE_UNREACHABLE: refused, late, a redirect, 404 (`no such stream`) or another error status
   */
  async request(url: URL, init: RequestInit, timeoutMs: number, abort?: AbortController): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.authorization) headers.set("Authorization", this.authorization);
    const controller = abort ?? new AbortController();
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      controller.abort();
    }, timeoutMs);
    timer.unref();
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: controller.signal, redirect: "error" });
    } catch {
      clearTimeout(timer);
      throw this.unreachable(late ? "no answer in time" : "unreachable");
    }
    clearTimeout(timer);
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    throw this.unreachable(response.status === 404 ? "no such stream" : `answered HTTP ${response.status}`);
  }

  /** The response body, at most `limit` bytes, read within `timeoutMs` (the reader is cancelled then: an aborted signal does not always end a body being read). @throws HubError DEVICE_UNREACHABLE */
  async body(response: Response, limit: number, timeoutMs: number): Promise<Buffer> {
    const reader = response.body?.getReader();
    if (!reader) throw this.unreachable("empty answer");
    const chunks: Buffer[] = [];
    let size = 0;
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      void reader.cancel().catch(() => undefined);
    }, timeoutMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (late) throw this.unreachable("no answer in time");
        if (done) break;
        size += value.length;
        if (size > limit) throw this.unreachable("the answer is too big");
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error instanceof HubError ? error : this.unreachable("the answer broke off");
    } finally {
      clearTimeout(timer);
    }
    if (size === 0) throw this.unreachable("empty answer");
    return Buffer.concat(chunks);
  }

  /** GETs one JPEG from `url` within `timeoutMs`, at most `limit` bytes. @throws HubError DEVICE_UNREACHABLE, also when it is not a JPEG */
  async jpeg(url: URL, timeoutMs: number, limit: number): Promise<Buffer> {
    const response = await this.request(url, { method: "GET" }, timeoutMs);
    const jpeg = await this.body(response, limit, timeoutMs);
    if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw this.unreachable("the frame is not a JPEG");
    return jpeg;
  }
}
