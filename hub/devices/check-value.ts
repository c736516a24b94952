import type { Capability } from "../../contract/devices";
import { HubError } from "../core/errors";
import type { CapabilityValue } from "./encode";

/** Longest text value a `text` capability is set to. */
const MAX_TEXT = 256;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function checkNumber(capability: Capability, value: unknown, field = "value"): number {
  if (!isNumber(value)) throw new HubError("BAD_REQUEST", `${field}: ${capability.name ?? "it"} takes a number`);
  const { value_min: min, value_max: max, value_step: step } = capability;
  if ((min !== undefined && value < min) || (max !== undefined && value > max))
    throw new HubError(
      "BAD_REQUEST",
      `${field}: ${capability.name ?? "it"} must be within ${min ?? "-∞"}..${max ?? "∞"}`,
    );
  if (step !== undefined) {
    const steps = (value - (min ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9)
      throw new HubError("BAD_REQUEST", `${field}: ${capability.name ?? "it"} moves in steps of ${step}`);
  }
  return value;
}

/** Zigbee2MQTT's colour composites: either takes any colour form on `/set` (its light converter reads them all). */
const COLOR_COMPOSITES = ["color_xy", "color_hs"];

const hasExactly = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));
const within = (value: unknown, min: number, max: number) => isNumber(value) && value >= min && value <= max;

/**
 * A colour in one of the forms Zigbee2MQTT's `/set` takes for `color`, keys in the order given:
 * `{hex: "#rrggbb"}`, `{x, y}` (0..1), `{hue (0..360), saturation (0..100)}`, `{r, g, b}` (integers 0..255).
 * @throws HubError BAD_REQUEST naming `value` and the forms.
 */
function checkColor(name: string, value: Record<string, unknown>): Record<string, number | string> {
  const ok =
    (hasExactly(value, ["hex"]) && typeof value.hex === "string" && /^#?[0-9a-fA-F]{6}$/.test(value.hex)) ||
    (hasExactly(value, ["x", "y"]) && within(value.x, 0, 1) && within(value.y, 0, 1)) ||
    (hasExactly(value, ["hue", "saturation"]) && within(value.hue, 0, 360) && within(value.saturation, 0, 100)) ||
    (hasExactly(value, ["r", "g", "b"]) &&
      [value.r, value.g, value.b].every((c) => Number.isInteger(c) && within(c, 0, 255)));
  if (!ok)
    throw new HubError(
      "BAD_REQUEST",
      `value: ${name} is {hex:"#rrggbb"}, {x,y} (0..1), {hue (0..360), saturation (0..100)} or {r,g,b} (0..255)`,
    );
  return { ...(value as Record<string, number | string>) };
}

/**
 * `value` checked against `capability`: binary one of value_on / value_off / value_toggle; numeric
 * a finite number within value_min..value_max (and on value_step); enum one of `values`; text a
 * string of at most 256 characters without control characters; a colour composite (color_xy,
 * color_hs) one of the colour forms ({@link checkColor}); another composite `{feature: number}`
 * with each of its numeric features in range. A `list` (a Hue gradient) is not set through here.
 * @throws HubError BAD_REQUEST naming `value` and the rule; NOT_SUPPORTED for a list.
 */
export function checkValue(capability: Capability, value: unknown): CapabilityValue {
  const name = capability.name ?? capability.property ?? "it";
  switch (capability.type) {
    case "binary": {
      const allowed = [capability.value_on, capability.value_off, capability.value_toggle].filter(
        (v) => v !== undefined,
      );
      if (!allowed.some((candidate) => candidate === value) || typeof value === "object")
        throw new HubError(
          "BAD_REQUEST",
          `value: ${name} is one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`,
        );
      return value as string | number | boolean;
    }
    case "numeric":
      return checkNumber(capability, value);
    case "enum":
      if ((typeof value !== "string" && typeof value !== "number") || !(capability.values ?? []).includes(value))
        throw new HubError("BAD_REQUEST", `value: ${name} is one of ${(capability.values ?? []).join(", ")}`);
      return value;
    case "list":
      throw new HubError("NOT_SUPPORTED", `value: ${name} is a list, read-only here`);
    case "text":
      // eslint-disable-next-line no-control-regex
      if (typeof value !== "string" || value.length > MAX_TEXT || /[\u0000-\u001f\u007f]/.test(value))
        throw new HubError("BAD_REQUEST", `value: ${name} takes a text of at most ${MAX_TEXT} characters`);
      return value;
    default: {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new HubError("BAD_REQUEST", `value: ${name} takes an object of its features`);
      if (COLOR_COMPOSITES.includes(capability.name ?? "")) return checkColor(name, value as Record<string, unknown>);
      const features = new Map((capability.features ?? []).map((item) => [item.property ?? item.name, item]));
      const out: Record<string, number> = {};
      for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
        const feature = features.get(key);
        if (feature?.type !== "numeric")
          throw new HubError("BAD_REQUEST", `value.${key.slice(0, 64)}: not a feature of ${name}`);
        out[key] = checkNumber(feature, raw, `value.${key}`);
      }
      return out;
    }
  }
}
