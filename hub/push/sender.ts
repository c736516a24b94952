import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import webPush from "web-push";
import type { PushPayload } from "../../contract/panels";
import type { HubLogger } from "../broker/link";
import { endpointRefusal, guardedLookup } from "./endpoint";
import type { PushDelivery } from "./messages";
import type { StoredPush } from "./store";
import type { VapidKeys } from "./vapid";

/** Most messages waiting to be sent; a further one is dropped (counted) unless it replaces a waiting one of its topic. */
export const PUSH_QUEUE_MAX = 256;
/** Most deliveries in flight at once. */
const IN_FLIGHT_MAX = 4;
/** Attempts per message (the first and the retries). */
const MAX_ATTEMPTS = 5;
/** How long one POST to a push service may take (ms). */
const REQUEST_TIMEOUT_MS = 10_000;
/** The longest wait before a retry (ms), whatever the backoff or Retry-After says. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** What the sender did so far: messages delivered, dropped (queue full, given up, refused) and subscriptions removed (404/410). */
export interface PushStats {
  sent: number;
  dropped: number;
  removed: number;
}

interface Job {
  target: StoredPush;
  payload: PushPayload;
  delivery: PushDelivery;
  attempt: number;
  /** Epoch ms after which the message is worthless (its TTL). */
  expiresAt: number;
}

/** An answer of a push service: its status and Retry-After (ms), or a network failure. */
type Outcome = { status: number; retryAfterMs: number | undefined } | { error: Error };

/** What the sender needs: the VAPID keys and subject, the test option, a subscription's removal, the log and the clock. */
export interface PushSenderDeps {
  vapid: VapidKeys;
  subject: string;
  allowPrivateEndpoints: boolean;
  retryBaseMs: number;
  /** Removes panel `panelId`'s subscription while it is still `endpoint` (the push service said it is gone). */
  remove(panelId: string, endpoint: string): void;
  log: HubLogger;
  now?: () => number;
}

/**
 * Delivers Web Push messages (RFC 8030) encrypted per RFC 8291 (aes128gcm) with VAPID (RFC 8292)
 * through web-push's request details, POSTed by the hub itself so that each connection's address is
 * checked ({@link guardedLookup}: a push endpoint never reaches a private address unless the test
 * option). A bounded queue ({@link PUSH_QUEUE_MAX}; a waiting message of the same panel and topic is
 * replaced by the newer one), at most 4 in flight. 201/202/2xx is sent; 404/410 removes the
 * subscription; 429, 5xx and network errors are retried with doubling delays (Retry-After when
 * longer) up to 5 attempts, never past the message's TTL; any other answer drops the message. Never
 * throws; a dead endpoint costs only its own retries.
 */
export class PushSender {
  private readonly queue: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private stopped = false;
  private readonly now: () => number;
  readonly stats: PushStats = { sent: 0, dropped: 0, removed: 0 };

  constructor(private readonly deps: PushSenderDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Queues `payload` for `target` with `delivery`'s TTL, urgency and topic. Answers false when it was dropped (queue full, stopped, refused endpoint). */
  send(target: StoredPush, payload: PushPayload, delivery: PushDelivery): boolean {
    if (this.stopped) return false;
    if (endpointRefusal(target.endpoint, this.deps.allowPrivateEndpoints) !== null) {
      this.stats.dropped++;
      return false;
    }
    const job: Job = { target, payload, delivery, attempt: 0, expiresAt: this.now() + delivery.ttlS * 1000 };
    const waiting = this.queue.findIndex(
      (other) => other.target.panelId === target.panelId && other.delivery.topic === delivery.topic,
    );
    if (waiting >= 0) this.queue[waiting] = job;
    else if (this.queue.length >= PUSH_QUEUE_MAX) {
      this.stats.dropped++;
      this.deps.log.warn({ panel: target.panelId }, "push: queue full, message dropped");
      return false;
    } else this.queue.push(job);
    this.pump();
    return true;
  }

  /** Messages waiting (not in flight, not waiting for a retry). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Stops: drops what waits, cancels retries; requests in flight finish and are forgotten. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private pump(): void {
    while (!this.stopped && this.inFlight < IN_FLIGHT_MAX && this.queue.length > 0) {
      const job = this.queue.shift();
      if (!job) return;
      this.inFlight++;
      void this.deliver(job).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async deliver(job: Job): Promise<void> {
    job.attempt++;
    const remainingS = Math.max(0, Math.floor((job.expiresAt - this.now()) / 1000));
    let outcome: Outcome;
    try {
      const details = webPush.generateRequestDetails(
        { endpoint: job.target.endpoint, keys: job.target.keys },
        JSON.stringify(job.payload),
        {
          vapidDetails: {
            subject: this.deps.subject,
            publicKey: this.deps.vapid.publicKey,
            privateKey: this.deps.vapid.privateKey,
          },
          TTL: remainingS,
          urgency: job.delivery.urgency,
          topic: job.delivery.topic,
          contentEncoding: "aes128gcm",
        },
      );
      outcome = await this.post(details.endpoint, details.headers, details.body);
    } catch (error) {
      outcome = { error: error instanceof Error ? error : new Error(String(error)) };
    }
    if (this.stopped) return;
    const { panelId, endpoint } = job.target;
    if ("status" in outcome && outcome.status >= 200 && outcome.status < 300) {
      this.stats.sent++;
      return;
    }
    if ("status" in outcome && (outcome.status === 404 || outcome.status === 410)) {
      this.stats.removed++;
      this.deps.remove(panelId, endpoint);
      this.deps.log.info({ panel: panelId, status: outcome.status }, "push: subscription gone, removed");
      return;
    }
    const retryable = "error" in outcome || outcome.status === 429 || outcome.status >= 500;
    const backoff = this.deps.retryBaseMs * 2 ** (job.attempt - 1);
    const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, ("status" in outcome && outcome.retryAfterMs) || 0));
    if (!retryable || job.attempt >= MAX_ATTEMPTS || this.now() + delay >= job.expiresAt) {
      this.stats.dropped++;
      this.deps.log.warn(
        {
          panel: panelId,
          attempt: job.attempt,
          ...("status" in outcome ? { status: outcome.status } : { err: outcome.error.message }),
        },
        "push: message not delivered, dropped",
      );
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      this.queue.unshift(job);
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  /** POSTs `body` to `endpoint` with `headers`; resolves with the status (the answer's body is read and dropped). */
  private post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null): Promise<Outcome> {
    const url = new URL(endpoint);
    const request = url.protocol === "http:" ? httpRequest : httpsRequest;
    return new Promise((resolve) => {
      const outgoing = request(
        url,
        {
          method: "POST",
          headers: { ...headers, ...(body ? { "Content-Length": body.length } : { "Content-Length": 0 }) },
          lookup: guardedLookup(this.deps.allowPrivateEndpoints),
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, retryAfterMs: retryAfterMs(response.headers["retry-after"]) }),
          );
          response.on("error", (error) => resolve({ error }));
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("push service did not answer in time")));
      outgoing.on("error", (error) => resolve({ error }));
      outgoing.end(body ?? undefined);
    });
  }
}

/** A Retry-After header (seconds or an HTTP date) in ms, or undefined. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
