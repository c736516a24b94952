/**
 * Which panel each session's browser is (contract/panels.ts): the panels domain binds a session when
 * its browser registers (`POST /panels/register`) and drops the binding when the panel is deleted; the
 * embedded broker asks it before forwarding `panel/<id>/command` to a browser connection (broker/acl.ts
 * browserMayReceive). One panel per session; a panel is bound to its latest registering session.
 */
export class SessionPanels {
  private readonly bySession = new Map<number, string>();

  /** Session `sessionId` is panel `panelId` (any other session bound to that panel is unbound). */
  bind(sessionId: number, panelId: string): void {
    for (const [session, panel] of this.bySession) if (panel === panelId) this.bySession.delete(session);
    this.bySession.set(sessionId, panelId);
  }

  /** Panel `panelId` has no session any more (deleted). */
  unbindPanel(panelId: string): void {
    for (const [session, panel] of this.bySession) if (panel === panelId) this.bySession.delete(session);
  }

  /** The panel session `sessionId` is, or undefined. */
  panelOf(sessionId: number): string | undefined {
    return this.bySession.get(sessionId);
  }
}
