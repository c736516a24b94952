import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { HouseholdSchema } from "../../household/schema";

/** The first issue of a household file with this `frigate` section (and one camera naming `front_door`), as `path: message`. */
function problemOf(frigate: unknown, camera: Record<string, unknown> = { frigate: "front_door" }): string | null {
  const result = v.safeParse(HouseholdSchema, { frigate, cameras: [{ id: "wejscie", label: "Wejście", ...camera }] });
  if (result.success) return null;
  const issue = result.issues[0];
  return `${issue.path?.map((item) => String(item.key)).join(".") ?? ""}: ${issue.message}`;
}

describe("the household's frigate section and a camera's frigate name", () => {
  it("takes Frigate's URL with the default topic prefix, or a login and another prefix", () => {
    const parsed = v.parse(HouseholdSchema, {
      frigate: { url: "http://192.168.1.20:5000" },
      cameras: [{ id: "wejscie", label: "Wejście", frigate: "front_door" }],
    });
    expect(parsed.frigate).toEqual({ url: "http://192.168.1.20:5000", mqttBase: "frigate" });
    expect(parsed.cameras?.[0]?.frigate).toBe("front_door");
    expect(problemOf({ url: "https://nvr.lan:8971", mqttBase: "dom/nvr", username: "hub", password: "x" })).toBeNull();
  });

  it("refuses a bad URL, a prefix in the dashboard's namespace or with wildcards, half a login, unknown fields and a bad camera name", () => {
    expect(problemOf({ url: "ftp://nvr" })).toMatch(/^frigate.url: must be http or https/);
    expect(problemOf({ url: "http://nvr", mqttBase: "camera" })).toMatch(
      /^frigate.mqttBase: must be an MQTT topic prefix/,
    );
    expect(problemOf({ url: "http://nvr", mqttBase: "frigate/#" })).toMatch(/^frigate.mqttBase:/);
    expect(problemOf({ url: "http://nvr", username: "hub" })).toMatch(
      /^frigate.password: username and password go together/,
    );
    expect(problemOf({ url: "http://nvr", apiKey: "x" })).toMatch(/^frigate.apiKey:/);
    expect(problemOf({ url: "http://nvr" }, { frigate: "front door" })).toMatch(/^cameras.0.frigate: must be 1-64/);
  });
});
