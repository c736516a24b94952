import { lightSetPath, type LightSetBody } from "../../../contract/lights";
import { commandAtom } from "../../platform/commands";
import { setLight } from "./api";

/** Which control of a light a command comes from: each has its own pending mark, so a slider never waits for another. */
export type LightPart = "power" | "brightness" | "color" | "colorTemp";

/** The pending mark's id of a light control's command: `light:<id>:<part>`. */
export const lightTarget = (id: string, part: LightPart) => `light:${id}:${part}`;

/**
 * Sets a light (spec §7 `POST /light/{id}/set`): the one command of the lights feature (DESIGN §4a).
 * The new state is confirmed by `light/<id>` on the live channel, never assumed here.
 */
export const setLightCommand = commandAtom<{ id: string; part: LightPart; body: LightSetBody }, void>({
  target: ({ id, part }) => lightTarget(id, part),
  request: ({ id }) => ({ method: "POST", path: lightSetPath(id) }),
  run: async ({ api }, { id, body }) => {
    await setLight(api.general, id, body);
  },
});
