/** What a session holds open: its live channel (a browser broker connection) or a camera stream. */
export type SessionHoldKind = "live" | "mjpeg" | "hls" | "rtc" | "playback";

/** One thing a session holds open: its kind and, for a camera stream, the camera's id. */
export interface SessionHold {
  kind: SessionHoldKind;
  camera?: string;
}

/** Why a session ended: locked (PIN needed) or revoked (logout, 10th wrong PIN, another device's logout, a password change or a removed user). */
export type SessionEndReason = "locked" | "revoked";

/** A session that just ended: its id (the hub's own), its public hash (as `GET /session/all` lists it) and why. */
export interface SessionEnd {
  sessionId: number;
  hash: string;
  reason: SessionEndReason;
}

interface Entry {
  close: () => void;
  hold: SessionHold;
}

/**
 * Everything a session holds open, by session id (docs/contract.md "Live channel", "Cameras"):
 * its browser broker connections and its camera streams (MJPEG, HLS answers in flight, WebRTC
 * peers, recording playbacks). Locking, revoking or logging out a session ({@link endSession})
 * closes all of them at once and tells the listeners (the hub publishes the end on the live
 * channel, for browsers on an external broker it cannot disconnect). `close` functions must not
 * throw and may run more than once.
 */
export class SessionRegistry {
  private readonly bySession = new Map<number, Set<Entry>>();
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  /** Registers `close` for `sessionId` as `hold` (default: a live connection); the returned function unregisters it. */
  add(sessionId: number, close: () => void, hold: SessionHold = { kind: "live" }): () => void {
    let set = this.bySession.get(sessionId);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    const entry: Entry = { close, hold };
    set.add(entry);
    return () => {
      const current = this.bySession.get(sessionId);
      current?.delete(entry);
      if (current?.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** Closes everything `sessionId` holds open. */
  closeSession(sessionId: number): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    this.bySession.delete(sessionId);
    for (const entry of set) entry.close();
  }

  /** Closes every session's streams of camera `cameraId` (the camera was disabled). Answers how many. */
  closeCamera(cameraId: string): number {
    let closed = 0;
    for (const [sessionId, set] of [...this.bySession]) {
      for (const entry of [...set]) {
        if (entry.hold.camera !== cameraId) continue;
        set.delete(entry);
        entry.close();
        closed += 1;
      }
      if (set.size === 0) this.bySession.delete(sessionId);
    }
    return closed;
  }

  /**
   * Ends session `session`: closes everything it holds open, then tells every listener (once per
   * call) its public hash and `reason`. A listener that throws does not stop the others.
   */
  endSession(session: { id: number; hash: string }, reason: SessionEndReason): void {
    this.closeSession(session.id);
    for (const listener of this.listeners) {
      try {
        listener({ sessionId: session.id, hash: session.hash, reason });
      } catch {
        // a listener's failure is its own; the session is closed either way
      }
    }
  }

  /** Calls `listener` whenever a session ends ({@link endSession}); the returned function removes it. */
  onEnded(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The ids of the sessions that hold something open now. */
  sessionIds(): number[] {
    return [...this.bySession.keys()];
  }

  /**
   * What all sessions hold open now, by kind (`live`: browser broker connections; the rest camera
   * streams) and, for camera streams, by camera: `{kinds: {live, mjpeg, hls, rtc, playback},
   * cameras: {<cameraId>: {mjpeg, hls, rtc, playback}}}` (a camera without streams is absent).
   */
  counts(): {
    kinds: Record<SessionHoldKind, number>;
    cameras: Map<string, Record<Exclude<SessionHoldKind, "live">, number>>;
  } {
    const kinds: Record<SessionHoldKind, number> = { live: 0, mjpeg: 0, hls: 0, rtc: 0, playback: 0 };
    const cameras = new Map<string, Record<Exclude<SessionHoldKind, "live">, number>>();
    for (const set of this.bySession.values()) {
      for (const { hold } of set) {
        kinds[hold.kind] += 1;
        if (hold.camera === undefined || hold.kind === "live") continue;
        let camera = cameras.get(hold.camera);
        if (!camera) {
          camera = { mjpeg: 0, hls: 0, rtc: 0, playback: 0 };
          cameras.set(hold.camera, camera);
        }
        camera[hold.kind] += 1;
      }
    }
    return { kinds, cameras };
  }

  /** How many things `sessionId` holds open, of `kind` and camera `camera` when given. */
  count(sessionId: number, filter: Partial<SessionHold> = {}): number {
    let count = 0;
    for (const entry of this.bySession.get(sessionId) ?? []) {
      if (filter.kind !== undefined && entry.hold.kind !== filter.kind) continue;
      if (filter.camera !== undefined && entry.hold.camera !== filter.camera) continue;
      count += 1;
    }
    return count;
  }
}
