import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LIVE_PAYLOAD_MAX_BYTES } from "./topics";
import {
  IR_NAME_MAX_LENGTH,
  IrCodeBodySchema,
  IrCodeNameSchema,
  IrStateSchema,
  MAX_IR_BUTTONS,
  type IrCode,
  type IrState,
} from "./ir";

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The largest code the contract takes: 32-character protocol, 1024 bits, 256 hex digits. */
const LARGEST_CODE: IrCode = { protocol: "P".repeat(32), bits: 1024, data: `0x${"F".repeat(256)}` };

describe("ir/<device> stays within the live channel's payload bound", () => {
  it("a name's characters cost at most 3 bytes each in the state's JSON; an unpaired surrogate (6 bytes escaped) is refused", () => {
    for (const character of ['"', "\\", "€", "\u0800", "\uffff", "ż", "a"]) {
      const name = character.repeat(IR_NAME_MAX_LENGTH);
      expect(v.is(IrCodeNameSchema, name), JSON.stringify(character)).toBe(true);
      expect(bytes(name) - 2, JSON.stringify(character)).toBeLessThanOrEqual(3 * IR_NAME_MAX_LENGTH);
    }
    expect(v.is(IrCodeNameSchema, "😀".repeat(IR_NAME_MAX_LENGTH / 2))).toBe(true);
    expect(bytes("😀".repeat(IR_NAME_MAX_LENGTH / 2)) - 2).toBe(2 * IR_NAME_MAX_LENGTH);
    expect(bytes("\ud800".repeat(IR_NAME_MAX_LENGTH)) - 2).toBe(6 * IR_NAME_MAX_LENGTH);
    expect(v.is(IrCodeNameSchema, "a\ud800b")).toBe(false);
    expect(v.is(IrCodeNameSchema, "\udc00")).toBe(false);
    expect(v.is(IrCodeNameSchema, "€".repeat(IR_NAME_MAX_LENGTH + 1))).toBe(false);
    expect(v.is(IrCodeBodySchema, { device: "pilot", name: "Włącz", code: { ...LARGEST_CODE, bits: 1025 } })).toBe(
      false,
    );
    expect(
      v.is(IrCodeBodySchema, {
        device: "pilot",
        name: "Włącz",
        code: { ...LARGEST_CODE, data: `0x${"F".repeat(257)}` },
      }),
    ).toBe(false);
    expect(
      v.is(IrCodeBodySchema, { device: "pilot", name: "Włącz", code: { ...LARGEST_CODE, protocol: "P".repeat(33) } }),
    ).toBe(false);
  });

  it(`a blaster at every maximum (${MAX_IR_BUTTONS} buttons, longest 3-byte names, largest codes, a received code) is 47,110 bytes, under ${LIVE_PAYLOAD_MAX_BYTES}`, () => {
    const codes = Array.from({ length: MAX_IR_BUTTONS }, (_, i) => ({
      name: String.fromCharCode(0x4e00 + i) + "€".repeat(IR_NAME_MAX_LENGTH - 1),
      code: LARGEST_CODE,
    }));
    expect(
      codes.every((button) => v.is(IrCodeNameSchema, button.name) && bytes(button.name) - 2 === 3 * IR_NAME_MAX_LENGTH),
    ).toBe(true);
    const state: IrState = {
      learning: false,
      codes,
      received: { code: LARGEST_CODE, time: "2026-11-27T23:59:59.999Z" },
    };
    expect(v.is(IrStateSchema, state)).toBe(true);
    expect(bytes(state)).toBe(47_110); // the arithmetic in MAX_IR_BUTTONS's comment
    expect(bytes(state)).toBeLessThan(LIVE_PAYLOAD_MAX_BYTES * 0.75);
  });
});
