import type { FastifyInstance } from "fastify";
import { SETTINGS_PATH, SettingsBodySchema, type SettingAnswer } from "../../contract/settings";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { SettingsService } from "./service";

/**
 * PATCH /settings on the authentication base (spec §7, docs/contract.md; shapes in
 * contract/settings.ts): stores a household setting and publishes it retained.
 */
export function settingsRoutes({ settings }: { settings: SettingsService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.patch(SETTINGS_PATH, async (request) => {
      const body = parseBody(SettingsBodySchema, request.body);
      if (body.value === undefined) throw new HubError("BAD_REQUEST", "value: required");
      const value = settings.set(body.key, body.value, body.idsToRemove);
      return { item: { key: body.key, value } } satisfies SettingAnswer;
    });
  };
}
