import * as v from "valibot";
import { PanelIdSchema, type PanelPushBody, type PushCategory } from "../../contract/panels";
import type { Locale } from "../../contract/preferences";
import type { SessionRow } from "../auth/session-store";
import { HubError } from "../core/errors";
import type { SessionPanels } from "../core/session-panels";
import { endpointRefusal } from "./endpoint";
import type { PushStore } from "./store";

/**
 * Whether `session` may change panel `panelId`'s push subscription: the panel must be the one this
 * session's browser registered as (`POST /panels/register` binds a session to its panel), so a
 * household member's browser cannot redirect or stop another panel's pushes.
 */
export function mayManagePanel(sessionPanels: SessionPanels, session: SessionRow, panelId: string): boolean {
  return sessionPanels.panelOf(session.id) === panelId;
}

/** A panel's push state as the menu reads it: the categories it chose, or null when it has no subscription. */
export interface PanelPushState {
  categories: PushCategory[];
}

/**
 * The panels' subscriptions as the routes change them (no HTTP here): checks the panel id, the
 * session's right ({@link mayManagePanel}) and the endpoint (https, public host: endpoint.ts), then
 * stores. Throws HubError BAD_REQUEST (bad id or endpoint), NOT_FOUND (another panel's
 * subscription), LIMIT_REACHED (too many panels).
 */
export class PushService {
  constructor(
    private readonly store: PushStore,
    private readonly allowPrivateEndpoints: boolean,
    private readonly sessionPanels: SessionPanels,
  ) {}

  /** Stores panel `panelId`'s subscription and categories, its texts in `locale`. */
  subscribe(session: SessionRow, panelId: string, body: PanelPushBody, locale: Locale): void {
    this.check(session, panelId);
    const refusal = endpointRefusal(body.subscription.endpoint, this.allowPrivateEndpoints);
    if (refusal !== null) throw new HubError("BAD_REQUEST", `subscription.endpoint: ${refusal}`);
    this.store.put({
      panelId,
      endpoint: body.subscription.endpoint,
      keys: body.subscription.keys,
      categories: body.categories,
      locale,
    });
  }

  /** Removes panel `panelId`'s subscription (none is fine). */
  unsubscribe(session: SessionRow, panelId: string): void {
    this.check(session, panelId);
    this.store.remove(panelId);
  }

  /** Panel `panelId`'s categories, or null when it has no subscription. */
  state(session: SessionRow, panelId: string): PanelPushState | null {
    this.check(session, panelId);
    const stored = this.store.get(panelId);
    return stored ? { categories: stored.categories } : null;
  }

  private check(session: SessionRow, panelId: string): void {
    if (!v.is(PanelIdSchema, panelId))
      throw new HubError("BAD_REQUEST", "panelId: must be 8-40 lower-case letters, digits or -");
    if (!mayManagePanel(this.sessionPanels, session, panelId))
      throw new HubError("NOT_FOUND", "No such panel for this session");
  }
}
