import type { FastifyInstance } from "fastify";
import { PANEL_PUSH_ROUTE, PanelPushBodySchema, PUSH_KEY_PATH } from "../../contract/panels";
import { parseBody } from "../http/body";
import { sessionOf } from "../http/session-guard";
import type { PreferencesStore } from "../preferences/store";
import type { PanelPushState, PushService } from "./service";

type PanelParams = { Params: { panelId: string } };

/**
 * The push routes on the general base (docs/contract.md "Panels"): `GET /push/key` answers
 * `{item: {publicKey}}` (the hub's VAPID key, for `pushManager.subscribe`); `PUT /panels/{id}/push`
 * `{subscription, categories}` stores the panel's subscription (204; texts in the session user's
 * language); `GET` answers `{item: {categories} | null}`; `DELETE` removes it (204). A logged-in,
 * unlocked session; 400 naming the field for a bad body, a bad panel id or an endpoint the hub will
 * not POST to (not https, or a private address).
 */
export function pushRoutes({
  push,
  publicKey,
  preferences,
}: {
  push: PushService;
  publicKey: string;
  preferences: PreferencesStore;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(PUSH_KEY_PATH, async () => ({ item: { publicKey } }));

    app.get<PanelParams>(PANEL_PUSH_ROUTE, async (request) => ({
      item: push.state(sessionOf(request), request.params.panelId) satisfies PanelPushState | null,
    }));

    app.put<PanelParams>(PANEL_PUSH_ROUTE, async (request, reply) => {
      const body = parseBody(PanelPushBodySchema, request.body);
      const session = sessionOf(request);
      push.subscribe(session, request.params.panelId, body, preferences.get(session.login).locale);
      return reply.code(204).send();
    });

    app.delete<PanelParams>(PANEL_PUSH_ROUTE, async (request, reply) => {
      push.unsubscribe(sessionOf(request), request.params.panelId);
      return reply.code(204).send();
    });
  };
}
