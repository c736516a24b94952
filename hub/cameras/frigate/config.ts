import * as v from "valibot";
import { deviceTopicProblem } from "../../broker/acl";
import { FRIGATE_DEFAULT_BASE } from "../../bridge/router";

/** A Frigate camera name as Frigate's config allows it (`cameras:` keys: letters, digits, `_` and `-`). */
export const FrigateCameraNameSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, _ or - (the camera's name in Frigate's config)"),
);

/**
 * The household's Frigate NVR (hub/README.md "Frigate"): `url` its HTTP API's base (`http://frigate.lan:5000`,
 * the unauthenticated internal port, or `https://frigate.lan:8971` with `username` and `password` of a
 * Frigate user with the admin role: the hub logs in at `POST /api/login` and sends the JWT as a Bearer
 * token), `mqttBase` its `mqtt.topic_prefix` (default `frigate`). Nothing of it is ever sent to a
 * browser. The cameras it records name their Frigate camera in their own `frigate` field.
 */
export const FrigateConfigSchema = v.pipe(
  v.strictObject({
    url: v.pipe(v.string(), v.url("must be a URL"), v.regex(/^https?:\/\//, "must be http or https"), v.maxLength(500)),
    mqttBase: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (base) => deviceTopicProblem("frigate", base) === null,
          "must be an MQTT topic prefix: levels separated by /, no + # or spaces, not a dashboard root",
        ),
      ),
      FRIGATE_DEFAULT_BASE,
    ),
    username: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
    password: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  }),
  v.forward(
    v.check(
      (config) => (config.username === undefined) === (config.password === undefined),
      "username and password go together",
    ),
    ["password"],
  ),
);
export type FrigateConfig = v.InferOutput<typeof FrigateConfigSchema>;
