/**
 * Infrared remotes (spec §3 "IR code: device and code", §7 `POST /ir/send`, `/ir/learn`, `/ir/code`;
 * docs/contract.md "Infrared remotes"): the paths, bodies, answers and
 * the live topics `features/ir/<device>` (the IR blasters) and `ir/<device>` (codes, learning mode,
 * the last code received while learning).
 */
import * as v from "valibot";
import { itemOf } from "./envelope";
import { DeviceNameSchema } from "./sensors";

/** `POST /ir/send` on the general base: body {@link IrSendBodySchema}. */
export const IR_SEND_PATH = "/ir/send";
/** `POST /ir/learn` on the general base: body {@link IrLearnBodySchema}. */
export const IR_LEARN_PATH = "/ir/learn";
/** `POST /ir/code` on the general base: body {@link IrCodeBodySchema}. */
export const IR_CODE_PATH = "/ir/code";

/**
 * One IR code as Tasmota's IRremoteESP8266 decodes it (`IrReceived`) and sends it (`IRSend`):
 * protocol name (`NEC`, `COOLIX`, `SONY` ...), number of bits, and the data as hex (`0x20DF10EF`).
 */
export const IrCodeSchema = v.strictObject({
  protocol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/, "must be a protocol name (letters, digits, _)")),
  bits: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1024)),
  data: v.pipe(v.string(), v.regex(/^0x[0-9A-Fa-f]{1,256}$/, "must be hex data like 0x20DF10EF")),
});
export type IrCode = v.InferOutput<typeof IrCodeSchema>;

/** Longest button name, UTF-16 code units (JavaScript `length`). */
export const IR_NAME_MAX_LENGTH = 40;

/**
 * A button's name on a remote: 1..{@link IR_NAME_MAX_LENGTH} characters after trimming, no control
 * characters, `/`, `+`, `#` or unpaired surrogates (so each character is at most 3 bytes in the
 * UTF-8 JSON of `ir/<device>`, see {@link MAX_IR_BUTTONS}).
 */
export const IrCodeNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(IR_NAME_MAX_LENGTH),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^/+#\u0000-\u001f\u007f\p{Cs}]+$/u, "must not contain / + # or control characters"),
);

/**
 * Most buttons one IR blaster keeps: `POST /ir/code` of a further name is refused with 409
 * LIMIT_REACHED. Chosen so the retained `ir/<device>` always fits the live channel's 64 KiB
 * payload bound (LIVE_PAYLOAD_MAX_BYTES, 65,536 bytes; the dashboard drops larger live payloads)
 * with a quarter to spare. Worst case, in bytes of its UTF-8 JSON:
 * - one button `{"name":"…","code":{"protocol":"…","bits":1024,"data":"0x…"}}` with a comma:
 *   9 + 40 × 3 (name: at most 3 bytes per character, `"` and `\` escape to 2) + 22 + 32 (protocol)
 *   + 9 + 4 (bits) + 9 + 258 (data) + 3 + 1 = 467;
 * - the rest, `{"learning":false,"codes":[` … `],"received":` and a received code with its
 *   24-character time: 27 + 13 + 370 + 1 = 411;
 * so 100 buttons are at most 100 × 467 − 1 + 411 = 47,110 bytes (72% of the bound).
 */
export const MAX_IR_BUTTONS = 100;

/** Body of `POST /ir/send`: the IR blaster and a code, either a saved button's name or the code itself. */
export const IrSendBodySchema = v.strictObject({
  device: DeviceNameSchema,
  code: v.union([IrCodeNameSchema, IrCodeSchema]),
});
export type IrSendBody = v.InferOutput<typeof IrSendBodySchema>;

/** Body of `POST /ir/learn`: learning mode of one IR blaster on (`enable: true`) or off. */
export const IrLearnBodySchema = v.strictObject({ device: DeviceNameSchema, enable: v.boolean() });
export type IrLearnBody = v.InferOutput<typeof IrLearnBodySchema>;

/**
 * Body of `POST /ir/code` (spec "body new code"): saves `code` under `name` on `device` (replaces a
 * button of that name; a new name on a blaster with {@link MAX_IR_BUTTONS} buttons is refused).
 */
export const IrCodeBodySchema = v.strictObject({
  device: DeviceNameSchema,
  name: IrCodeNameSchema,
  code: IrCodeSchema,
});
export type IrCodeBody = v.InferOutput<typeof IrCodeBodySchema>;

/** A saved button: its name and code. */
export const IrButtonSchema = v.object({ name: v.string(), code: IrCodeSchema });
export type IrButton = v.InferOutput<typeof IrButtonSchema>;

/** `{item: {device, code, sentAt}}`: what `POST /ir/send` sent (the device acknowledges `{"IRSend":"Done"}`). */
export const IrSendAnswerSchema = itemOf(
  v.object({ device: DeviceNameSchema, code: IrCodeSchema, sentAt: v.pipe(v.string(), v.isoTimestamp()) }),
);
export type IrSendAnswer = v.InferOutput<typeof IrSendAnswerSchema>;

/** `{item: {device, learning}}`: the learning mode now. */
export const IrLearnAnswerSchema = itemOf(v.object({ device: DeviceNameSchema, learning: v.boolean() }));
export type IrLearnAnswer = v.InferOutput<typeof IrLearnAnswerSchema>;

/** `{item: {device, name, code}}`: the saved button. */
export const IrCodeAnswerSchema = itemOf(v.object({ device: DeviceNameSchema, name: v.string(), code: IrCodeSchema }));
export type IrCodeAnswer = v.InferOutput<typeof IrCodeAnswerSchema>;

/** `features/ir/<device>`: an IR blaster of the household (retained): its label and room. */
export function irFeaturesTopic(device: string): string {
  return `features/ir/${device}`;
}

/** Payload of `features/ir/<device>`. */
export const IrFeaturesSchema = v.object({
  label: v.string(),
  room: v.optional(v.string()),
});
export type IrFeatures = v.InferOutput<typeof IrFeaturesSchema>;

/** `ir/<device>`: the blaster's saved buttons, learning mode and the code received while learning (retained). */
export function irStateTopic(device: string): string {
  return `ir/${device}`;
}

/**
 * Payload of `ir/<device>`: `received` is the last `IrReceived` since learning was turned on (null:
 * none yet, or not learning); at most {@link MAX_IR_BUTTONS} `codes`, so at most 47,110 bytes.
 */
export const IrStateSchema = v.object({
  learning: v.boolean(),
  codes: v.array(IrButtonSchema),
  received: v.nullable(v.object({ code: IrCodeSchema, time: v.pipe(v.string(), v.isoTimestamp()) })),
});
export type IrState = v.InferOutput<typeof IrStateSchema>;
