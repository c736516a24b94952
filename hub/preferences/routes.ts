import type { FastifyInstance } from "fastify";
import { PREFERENCES_PATH, PreferencesBodySchema, type PreferencesAnswer } from "../../contract/preferences";
import { parseBody } from "../http/body";
import { sessionOf } from "../http/session-guard";
import type { PreferencesStore } from "./store";

/**
 * GET and PATCH /preferences on the authentication base (spec §7, docs/contract.md; shapes in
 * contract/preferences.ts): the signed-in user's preferences, every field answered.
 */
export function preferencesRoutes({ preferences }: { preferences: PreferencesStore }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      PREFERENCES_PATH,
      async (request) => ({ item: preferences.get(sessionOf(request).login) }) satisfies PreferencesAnswer,
    );

    app.patch(PREFERENCES_PATH, async (request) => {
      const body = parseBody(PreferencesBodySchema, request.body);
      return { item: preferences.patch(sessionOf(request).login, body.preferences) } satisfies PreferencesAnswer;
    });
  };
}
