import type { FastifyReply, FastifyRequest } from "fastify";
import { HubError } from "../core/errors";
import type { SessionHold, SessionRegistry } from "../core/session-registry";
import { sessionOf } from "../http/session-guard";

/** Live streams of one camera one session may hold at once (MJPEG and WebRTC together). */
export const STREAMS_PER_SESSION_CAMERA = 2;

/**
 * Registers the answer to `request` under its session as `hold` (docs/contract.md "Cameras"):
 * locking, revoking or logging out the session, or disabling the camera, destroys the response
 * (its socket closes; a stream's producer stops with it). Unregistered when the response closes.
 * Without a registry (a route tested alone) it does nothing.
 */
export function holdForSession(
  sessions: SessionRegistry | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  hold: SessionHold,
): void {
  if (!sessions) return;
  const unregister = sessions.add(sessionOf(request).id, () => reply.raw.destroy(), hold);
  reply.raw.once("close", unregister);
}

/**
 * Refuses a new live stream of camera `camera` when the request's session already holds
 * {@link STREAMS_PER_SESSION_CAMERA} of it (MJPEG and WebRTC).
 * @throws HubError TOO_MANY_STREAMS (429)
 */
export function checkSessionStreams(
  sessions: SessionRegistry | undefined,
  request: FastifyRequest,
  camera: string,
): void {
  if (!sessions) return;
  const id = sessionOf(request).id;
  const open = sessions.count(id, { kind: "mjpeg", camera }) + sessions.count(id, { kind: "rtc", camera });
  if (open >= STREAMS_PER_SESSION_CAMERA)
    throw new HubError(
      "TOO_MANY_STREAMS",
      `this session already has ${STREAMS_PER_SESSION_CAMERA} live streams of this camera open`,
    );
}
