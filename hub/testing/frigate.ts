import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { fileURLToPath } from "node:url";
import mqtt, { type MqttClient } from "mqtt";
import { frigateMedia, type FrigateMedia } from "./frigate-media";

/** A Frigate event as Frigate's database holds it (the columns `GET /api/events` answers, frigate/api/event.py). */
export interface SimulatedFrigateEvent {
  id: string;
  label: string;
  sub_label: string | null;
  camera: string;
  start_time: number;
  end_time: number | null;
  false_positive: boolean;
  zones: string[];
  thumbnail: string | null;
  has_clip: boolean;
  has_snapshot: boolean;
  retain_indefinitely: boolean;
  plus_id: string | null;
  model_hash: string;
  detector_type: string;
  model_type: string;
  data: Record<string, unknown>;
}

/** A committed real payload of tests/fixtures/frigate (`{source, topic|path, payload}`). */
export function frigateFixture<T = unknown>(name: string): { topic?: string; path?: string; payload: T } {
  const url = new URL(`../../tests/fixtures/frigate/${name}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as { topic?: string; path?: string; payload: T };
}

/** A Frigate event id as Frigate makes them: `<epoch seconds with microseconds>-<6 lower-case letters and digits>`. */
export function frigateEventId(startTime: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const suffix = [...randomBytes(6)].map((byte) => alphabet[byte % alphabet.length]).join("");
  return `${startTime.toFixed(6)}-${suffix}`;
}

/** Options of {@link startFrigateSimulator}. */
export interface FrigateSimulatorOptions {
  /** `mqtt.topic_prefix` (default `frigate`). */
  base?: string;
  /** Require a login (`auth.enabled`): `POST /api/login` with this user, then the `frigate_token` JWT. */
  auth?: { user: string; password: string };
  media?: FrigateMedia;
}

/**
 * A Frigate NVR for tests, speaking its documented protocol (docs.frigate.video "MQTT" and "HTTP API";
 * frigate/api/event.py, media.py, auth.py): an HTTP API on 127.0.0.1 (`GET /api/events?cameras=&limit=`,
 * `GET|DELETE /api/events/<id>`, `POST|DELETE /api/events/<id>/retain`, `GET /api/events/<id>/clip.mp4`
 * with Range, `GET /api/events/<id>/snapshot.jpg`, `POST /api/login`) over its own event database, and
 * an MQTT client logged in as Frigate's own user that publishes `<base>/available` (retained `online`,
 * will `offline`), `<base>/events`, `<base>/reviews`, `<base>/<camera>/motion` and `<base>/stats` in
 * Frigate's shapes.
 */
export class FrigateSimulator {
  /** Frigate's event database, by id. */
  readonly events = new Map<string, SimulatedFrigateEvent>();
  /** Every HTTP request as `METHOD path?query` (with `range=<Range>` for clip requests). */
  readonly requests: string[] = [];
  readonly base: string;
  readonly media: FrigateMedia;
  private down = false;
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((request, response) => this.handle(request, response));
  private mqttClient: MqttClient | null = null;
  private readonly token = randomBytes(16).toString("hex");
  url = "";

  constructor(private readonly options: FrigateSimulatorOptions = {}) {
    this.base = options.base ?? "frigate";
    this.media = options.media ?? frigateMedia();
    this.server.on("connection", (socket) => {
      if (this.down) socket.destroy();
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  /** Serves the HTTP API on a free loopback port ({@link url}). */
  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /**
   * Connects to the broker's devices listener `mqttUrl` as Frigate's user `login` (`mqtt.user`,
   * `mqtt.password`), with Frigate's will (`<base>/available` `offline`, retained), and announces `online`.
   */
  async connect(mqttUrl: string, login: { username: string; password: string }): Promise<void> {
    this.mqttClient = await mqtt.connectAsync(mqttUrl, {
      ...login,
      clientId: `frigate-${randomBytes(3).toString("hex")}`,
      reconnectPeriod: 0,
      will: { topic: `${this.base}/available`, payload: Buffer.from("offline"), retain: true, qos: 1 },
    });
    await this.publish(`${this.base}/available`, "online", true);
  }

  /** The MQTT client (as Frigate's user). */
  get mqtt(): MqttClient {
    if (!this.mqttClient) throw new Error("the Frigate simulator is not connected");
    return this.mqttClient;
  }

  /** Publishes `payload` on `topic` as Frigate, QoS 1. */
  async publish(topic: string, payload: string | Buffer, retain = false): Promise<void> {
    await this.mqtt.publishAsync(topic, payload, { qos: 1, retain });
  }

  /**
   * A tracked object as Frigate makes it: the event is written to the database (`has_clip`,
   * `has_snapshot` true) and `<base>/events` carries `new` then, when `ended`, `end` in the documented
   * shape (the `after` of tests/fixtures/frigate/events-update.json with this event's fields).
   */
  async track(fields: {
    camera: string;
    label?: string;
    startTime?: number;
    durationS?: number;
    ended?: boolean;
  }): Promise<SimulatedFrigateEvent> {
    const start = fields.startTime ?? Date.now() / 1000 - (fields.durationS ?? 4);
    const event: SimulatedFrigateEvent = {
      id: frigateEventId(start),
      label: fields.label ?? "person",
      sub_label: null,
      camera: fields.camera,
      start_time: start,
      end_time: fields.ended === false ? null : start + (fields.durationS ?? 4),
      false_positive: false,
      zones: [],
      thumbnail: null,
      has_clip: true,
      has_snapshot: true,
      retain_indefinitely: false,
      plus_id: null,
      model_hash: "abc123",
      detector_type: "cpu",
      model_type: "ssd",
      data: { top_score: 0.92, score: 0.92, type: "object" },
    };
    this.events.set(event.id, event);
    await this.publish(`${this.base}/events`, JSON.stringify(this.eventMessage("new", event)));
    if (event.end_time !== null)
      await this.publish(`${this.base}/events`, JSON.stringify(this.eventMessage("end", event)));
    return event;
  }

  /** `<base>/events` of `event` in Frigate's shape: `{type, before, after}` (the documented example's fields). */
  eventMessage(type: "new" | "update" | "end", event: SimulatedFrigateEvent): unknown {
    const documented = frigateFixture<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      "events-update.json",
    ).payload.after;
    const after = {
      ...documented,
      id: event.id,
      camera: event.camera,
      label: event.label,
      sub_label: null,
      start_time: event.start_time,
      end_time: type === "end" ? event.end_time : null,
      frame_time: event.start_time,
      has_clip: event.has_clip,
      has_snapshot: event.has_snapshot,
      false_positive: event.false_positive,
    };
    return { type, before: { ...after, end_time: null }, after };
  }

  /** `<base>/<camera>/motion` `ON` or `OFF`. */
  async motion(camera: string, on: boolean): Promise<void> {
    await this.publish(`${this.base}/${camera}/motion`, on ? "ON" : "OFF", true);
  }

  /**
   * `<base>/stats` as Frigate publishes it every `mqtt.stats_interval` (tests/fixtures/frigate/stats.json,
   * Frigate's own UI-test stats, with its `cameras` replaced): each camera of `cameraFps` with that
   * `camera_fps` (0: its stream is down) and the rest of the fixture's per-camera fields; a camera not
   * given is not in the stats (as a camera Frigate does not have). The totals follow the cameras.
   * Answers the payload published.
   */
  async stats(cameraFps: Record<string, number>): Promise<unknown> {
    const fixture = frigateFixture<{ cameras: Record<string, Record<string, unknown>> } & Record<string, unknown>>(
      "stats.json",
    ).payload;
    const template = Object.values(fixture.cameras)[0] ?? {};
    const cameras: Record<string, Record<string, unknown>> = {};
    for (const [name, fps] of Object.entries(cameraFps))
      cameras[name] = {
        ...template,
        camera_fps: fps,
        process_fps: fps,
        detection_fps: fps,
        connection_quality: fps > 0 ? "excellent" : "unusable",
      };
    const total = Object.values(cameraFps).reduce((sum, fps) => sum + fps, 0);
    const payload = {
      ...fixture,
      cameras,
      service: { ...(fixture.service as Record<string, unknown>), last_updated: Date.now() / 1000 },
      camera_fps: total,
      process_fps: total,
      detection_fps: total,
    };
    await this.publish(`${this.base}/stats`, JSON.stringify(payload));
    return payload;
  }

  /** HTTP stops answering (connections are dropped) while `down`; MQTT untouched. */
  setDown(down: boolean): void {
    this.down = down;
    if (down) for (const socket of this.sockets) socket.destroy();
  }

  /** Closes the MQTT client without its will (as a clean stop publishes `stopped`) and the HTTP server. */
  async close(): Promise<void> {
    this.setDown(true);
    await this.mqttClient?.endAsync(true).catch(() => undefined);
    this.mqttClient = null;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private authorized(request: IncomingMessage): boolean {
    if (!this.options.auth) return true;
    return request.headers.authorization === `Bearer ${this.token}`;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    if (this.down) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? "/", "http://frigate");
    const method = request.method ?? "GET";
    const range = request.headers.range;
    this.requests.push(`${method} ${url.pathname}${url.search}${range ? ` range=${range}` : ""}`);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (method === "POST" && url.pathname === "/api/login") {
      this.login(request, response);
      return;
    }
    if (!this.authorized(request)) {
      json(401, { message: "No authorization headers." });
      return;
    }
    if (method === "GET" && url.pathname === "/api/events") {
      const cameras = url.searchParams.get("cameras") ?? "all";
      const limit = Number(url.searchParams.get("limit") ?? "100");
      const wanted = cameras === "all" ? null : new Set(cameras.split(","));
      const list = [...this.events.values()]
        .filter((event) => wanted === null || wanted.has(event.camera))
        .sort((a, b) => b.start_time - a.start_time)
        .slice(0, limit);
      json(200, list);
      return;
    }
    const match = /^\/api\/events\/([^/]+)(\/retain|\/clip\.mp4|\/snapshot\.jpg)?$/.exec(url.pathname);
    const id = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    const event = id === undefined ? undefined : this.events.get(id);
    if (!match || !event) {
      json(404, { success: false, message: `Event ${id ?? ""} not found` });
      return;
    }
    const what = match[2];
    if (what === undefined && method === "GET") json(200, event);
    else if (what === undefined && method === "DELETE") {
      this.events.delete(event.id);
      json(200, { success: true, message: `Event ${event.id} deleted` });
    } else if (what === "/retain" && (method === "POST" || method === "DELETE")) {
      event.retain_indefinitely = method === "POST";
      json(200, { success: true, message: `Event ${event.id} ${method === "POST" ? "retained" : "un-retained"}` });
    } else if (what === "/snapshot.jpg" && method === "GET") {
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": this.media.snapshot.length });
      response.end(this.media.snapshot);
    } else if (what === "/clip.mp4" && method === "GET") this.clip(range, response);
    else json(405, { detail: "Method Not Allowed" });
  }

  /** The clip with HTTP Range (RFC 9110 §14): one `bytes=a-b`, `a-` or `-n` range. */
  private clip(range: string | undefined, response: ServerResponse): void {
    const clip = this.media.clip;
    const size = clip.length;
    const headers = { "content-type": "video/mp4", "accept-ranges": "bytes" };
    const match = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (!match || (match[1] === "" && match[2] === "")) {
      response.writeHead(200, { ...headers, "content-length": size });
      response.end(clip);
      return;
    }
    let start = match[1] === "" ? size - Number(match[2]) : Number(match[1]);
    let end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (start < 0) start = 0;
    if (start >= size || end < start) {
      response.writeHead(416, { ...headers, "content-range": `bytes */${size}` });
      response.end();
      return;
    }
    end = Math.min(end, size - 1);
    response.writeHead(206, {
      ...headers,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": end - start + 1,
    });
    response.end(clip.subarray(start, end + 1));
  }

  private login(request: IncomingMessage, response: ServerResponse): void {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      let credentials: { user?: unknown; password?: unknown } = {};
      try {
        credentials = JSON.parse(body) as typeof credentials;
      } catch {
        // an empty or broken body fails the login below
      }
      const auth = this.options.auth;
      if (!auth) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "Authentication is disabled" }));
      } else if (credentials.user === auth.user && credentials.password === auth.password) {
        response.writeHead(200, { "set-cookie": `frigate_token=${this.token}; Path=/; HttpOnly; SameSite=Lax` });
        response.end("");
      } else {
        response.writeHead(401, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "Login failed" }));
      }
    });
  }
}

/** A {@link FrigateSimulator} serving its HTTP API (connect it to the broker with `connect`). */
export function startFrigateSimulator(options: FrigateSimulatorOptions = {}): Promise<FrigateSimulator> {
  return new FrigateSimulator(options).listen();
}
