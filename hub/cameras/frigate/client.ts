import { HubError } from "../../core/errors";
import type { FrigateConfig } from "./config";

/** How long the hub waits for a Frigate answer (headers), and the most bytes it reads of one JSON or JPEG answer. */
export const FRIGATE_HTTP = {
  timeoutMs: 5_000,
  maxJsonBytes: 8 * 1024 * 1024,
  maxJpegBytes: 10 * 1024 * 1024,
} as const;

/** Frigate's JWT cookie (`auth.cookie_name`, default `frigate_token`) that `POST /api/login` sets. */
const TOKEN_COOKIE = /(?:^|;\s*)frigate_token=([^;]+)/;

/**
 * Frigate's HTTP API as the hub uses it (frigate/api/event.py, media.py, auth.py): the events, their
 * retain flag, deletion, clip and snapshot. Credentials stay here: a login in `url` goes out as HTTP
 * Basic authorization, `username`/`password` log in at `POST /api/login` and the JWT goes out as a
 * Bearer token (logged in again once on a 401). Errors are `HubError`s: a Frigate that does not
 * answer within {@link FRIGATE_HTTP}.timeoutMs, answers 5xx or refuses the login: DEVICE_UNREACHABLE
 * (the message names Frigate's host, never a credential); 404: NOT_FOUND.
 */
export class FrigateClient {
  private readonly base: URL;
  private readonly host: string;
  private readonly basic: string | null;
  private token: string | null = null;

  constructor(
    private readonly config: Pick<FrigateConfig, "url" | "username" | "password">,
    private readonly timeoutMs: number = FRIGATE_HTTP.timeoutMs,
  ) {
    const url = new URL(config.url);
    this.basic =
      url.username === ""
        ? null
        : `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`;
    url.username = "";
    url.password = "";
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    this.base = url;
    this.host = url.host;
  }

  /** `GET /api/events?cameras=<camera>&limit=<limit>&include_thumbnails=0`: the camera's newest events (JSON, unchecked). */
  async events(camera: string, limit: number): Promise<unknown> {
    const query = new URLSearchParams({ cameras: camera, limit: String(limit), include_thumbnails: "0" });
    return this.json(`api/events?${query.toString()}`);
  }

  /** `GET /api/events/<id>`: one event (JSON, unchecked). @throws HubError NOT_FOUND */
  async event(id: string): Promise<unknown> {
    return this.json(`api/events/${encodeURIComponent(id)}`);
  }

  /** `POST` (on) or `DELETE` (off) `/api/events/<id>/retain`. @throws HubError NOT_FOUND */
  async retain(id: string, on: boolean): Promise<void> {
    await this.ok(
      await this.request(`api/events/${encodeURIComponent(id)}/retain`, { method: on ? "POST" : "DELETE" }),
    );
  }

  /** `DELETE /api/events/<id>`. @throws HubError NOT_FOUND */
  async remove(id: string): Promise<void> {
    await this.ok(await this.request(`api/events/${encodeURIComponent(id)}`, { method: "DELETE" }));
  }

  /**
   * `GET /api/events/<id>/clip.mp4` with `range` passed on: the answer as Frigate gives it (200, 206 or
   * 416, body unread; aborted with `signal`). @throws HubError NOT_FOUND, DEVICE_UNREACHABLE
   */
  async clip(id: string, range: string | undefined, signal: AbortSignal): Promise<Response> {
    const response = await this.request(`api/events/${encodeURIComponent(id)}/clip.mp4`, {
      headers: range === undefined ? {} : { range },
      signal,
      stream: true,
    });
    if (response.status === 416) return response;
    return this.ok(response);
  }

  /** `GET /api/events/<id>/snapshot.jpg`: the JPEG. @throws HubError NOT_FOUND, DEVICE_UNREACHABLE */
  async snapshot(id: string): Promise<Buffer> {
    const response = await this.ok(await this.request(`api/events/${encodeURIComponent(id)}/snapshot.jpg`));
    return this.body(response, FRIGATE_HTTP.maxJpegBytes);
  }

  private async json(path: string): Promise<unknown> {
    const response = await this.ok(await this.request(path));
    const text = (await this.body(response, FRIGATE_HTTP.maxJsonBytes)).toString("utf8");
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.unreachable("answered something that is not JSON");
    }
  }

  /** The response when 2xx; else the error it means (404 NOT_FOUND, anything else DEVICE_UNREACHABLE). */
  private async ok(response: Response): Promise<Response> {
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404) throw new HubError("NOT_FOUND", "Frigate has no such event");
    if (response.status === 401 || response.status === 403)
      throw this.unreachable(`refused the hub (${response.status}): check frigate.username and frigate.password`);
    throw this.unreachable(`answered ${response.status}`);
  }

  /** Reads at most `max` bytes of `response`'s body. @throws HubError DEVICE_UNREACHABLE when larger or cut */
  private async body(response: Response, max: number): Promise<Buffer> {
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > max) {
      await response.body?.cancel().catch(() => undefined);
      throw this.unreachable(`answered ${declared} bytes (at most ${max})`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
        const buffer = Buffer.from(read.value);
        size += buffer.length;
        if (size > max) throw new Error("too large");
        chunks.push(buffer);
      }
    } catch {
      await response.body?.cancel().catch(() => undefined);
      throw this.unreachable(size > max ? `answered over ${max} bytes` : "broke off its answer");
    }
    return Buffer.concat(chunks);
  }

  private async request(
    path: string,
    options: { method?: string; headers?: Record<string, string>; signal?: AbortSignal; stream?: boolean } = {},
  ): Promise<Response> {
    const first = await this.send(path, options);
    if (first.status !== 401 || this.config.username === undefined) return first;
    await first.body?.cancel().catch(() => undefined);
    await this.login();
    return this.send(path, options);
  }

  private async send(
    path: string,
    options: { method?: string; headers?: Record<string, string>; signal?: AbortSignal; stream?: boolean },
  ): Promise<Response> {
    if (this.config.username !== undefined && this.token === null) await this.login();
    const headers: Record<string, string> = { ...options.headers };
    if (this.token !== null) headers.authorization = `Bearer ${this.token}`;
    else if (this.basic !== null) headers.authorization = this.basic;
    // A JSON or JPEG answer must come whole in time; a clip's headers must, its body then streams.
    const headersOnly = new AbortController();
    const timer = options.stream ? setTimeout(() => headersOnly.abort(), this.timeoutMs) : undefined;
    const limit = options.stream ? headersOnly.signal : AbortSignal.timeout(this.timeoutMs);
    try {
      return await fetch(new URL(path, this.base), {
        method: options.method ?? "GET",
        headers,
        signal: options.signal ? AbortSignal.any([options.signal, limit]) : limit,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw this.unreachable("does not answer");
    } finally {
      clearTimeout(timer);
    }
  }

  /** `POST /api/login {user, password}`: keeps the JWT of the `frigate_token` cookie. */
  private async login(): Promise<void> {
    let response: Response;
    try {
      response = await fetch(new URL("api/login", this.base), {
        method: "POST",
        headers: { "content-type": "application/json", ...(this.basic ? { authorization: this.basic } : {}) },
        body: JSON.stringify({ user: this.config.username, password: this.config.password }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw this.unreachable("does not answer");
    }
    await response.body?.cancel().catch(() => undefined);
    const token = response.headers
      .getSetCookie()
      .map((cookie) => TOKEN_COOKIE.exec(cookie)?.[1])
      .find((value) => value !== undefined);
    if (!response.ok || token === undefined)
      throw this.unreachable(
        `refused the hub's login (${response.status}): check frigate.username and frigate.password`,
      );
    this.token = token;
  }

  private unreachable(what: string): HubError {
    return new HubError("DEVICE_UNREACHABLE", `Frigate at ${this.host} ${what}`);
  }
}
