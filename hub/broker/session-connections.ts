/**
 * Browser broker connections per session id, so locking, revoking or logging out a session
 * closes its live channel (docs/contract.md "Live channel").
 */
export class SessionConnections {
  private readonly bySession = new Map<number, Set<() => void>>();

  /** Registers `close` for `sessionId`; the returned function unregisters it. */
  add(sessionId: number, close: () => void): () => void {
    let set = this.bySession.get(sessionId);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    set.add(close);
    return () => {
      const current = this.bySession.get(sessionId);
      current?.delete(close);
      if (current?.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** Closes every connection of `sessionId`. */
  closeSession(sessionId: number): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    this.bySession.delete(sessionId);
    for (const close of set) close();
  }

  /** How many connections `sessionId` has open. */
  count(sessionId: number): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }
}
