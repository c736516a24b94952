import type { HubLogger } from "../broker/link";
import type { SessionRegistry } from "../core/session-registry";
import type { SessionStore } from "./session-store";

/** How often the hub looks for sessions ended by another process, ms. */
export const SESSION_WATCH_INTERVAL_MS = 1_000;

/**
 * Ends, in the running hub, the sessions another process ended in the database (docs/contract.md
 * "A session's end"): the CLI's `user passwd` revokes every session of the login, `user remove`
 * deletes them. Every {@link SESSION_WATCH_INTERVAL_MS} it reads SQLite's `data_version` (which
 * changes only when another connection committed); when it changed, each session that was live at
 * the previous look, or holds something open in `registry`, and is now revoked or gone is ended
 * there as `revoked`: its camera streams and live connections close and the end is announced
 * (`session/<hash>/ended`). Sessions the hub ends itself are not ended twice. Costs one read of
 * the live sessions per second (a household has tens).
 */
export class SessionWatch {
  /** The live (not revoked) sessions at the last look: id → public hash. */
  private known = new Map<number, string>();
  private seenVersion: number;
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;

  constructor(
    private readonly store: SessionStore,
    private readonly registry: SessionRegistry,
    private readonly log: HubLogger,
    intervalMs = SESSION_WATCH_INTERVAL_MS,
  ) {
    this.seenVersion = store.dataVersion();
    this.known = this.liveNow();
    // A session the hub itself locks or revokes is announced by it; a revoked one must not be again.
    this.stopListening = registry.onEnded(({ hash, reason }) => {
      if (reason !== "revoked") return;
      for (const [id, known] of this.known) if (known === hash) this.known.delete(id);
    });
    this.timer = setInterval(() => this.check(), intervalMs);
    this.timer.unref();
  }

  /** Stops watching. */
  close(): void {
    clearInterval(this.timer);
    this.stopListening();
  }

  /** One look: ends the sessions revoked or deleted by another process since the last one. */
  check(): void {
    let version: number;
    let live: Map<number, string>;
    try {
      version = this.store.dataVersion();
      live = this.liveNow();
    } catch (error) {
      this.log.error({ err: error }, "could not read the sessions");
      return;
    }
    const changed = version !== this.seenVersion;
    this.seenVersion = version;
    const previous = this.known;
    this.known = live;
    if (!changed) return;
    const candidates = new Map(previous);
    for (const id of this.registry.sessionIds())
      if (!candidates.has(id)) candidates.set(id, this.store.byId(id)?.hash ?? "");
    for (const [id, hash] of candidates) {
      if (live.has(id)) continue;
      this.log.info(
        { session: hash.slice(0, 8) },
        "session ended by another process (password changed or user removed): closing what it holds open",
      );
      if (hash === "") this.registry.closeSession(id);
      else this.registry.endSession({ id, hash }, "revoked");
    }
  }

  private liveNow(): Map<number, string> {
    return new Map(this.store.live().map((row) => [row.id, row.hash]));
  }
}
