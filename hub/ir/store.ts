import * as v from "valibot";
import { IrCodeNameSchema, IrCodeSchema, type IrButton, type IrCode } from "../../contract/ir";
import type { Db } from "../core/db";

/**
 * Learned IR codes (table `ir_codes`, migration 6): one named button per device and name.
 * Names and codes are validated on read; a row that no longer fits the contract is skipped.
 */
export class IrStore {
  constructor(private readonly db: Db) {}

  /** The buttons of `device`, in the order they were first saved. */
  list(device: string): IrButton[] {
    const rows = this.db
      .prepare<[string], { name: string; code: string }>(
        "SELECT name, code FROM ir_codes WHERE device = ? ORDER BY created_at, name",
      )
      .all(device);
    const out: IrButton[] = [];
    for (const row of rows) {
      let raw: unknown;
      try {
        raw = JSON.parse(row.code);
      } catch {
        continue;
      }
      const code = v.safeParse(IrCodeSchema, raw);
      if (code.success && v.is(IrCodeNameSchema, row.name)) out.push({ name: row.name, code: code.output });
    }
    return out;
  }

  /** The code saved as `name` on `device`, or undefined. */
  get(device: string, name: string): IrCode | undefined {
    return this.list(device).find((button) => button.name === name)?.code;
  }

  /** Saves `code` as `name` on `device`, replacing a button of that name (which keeps its place). */
  save(device: string, name: string, code: IrCode): void {
    this.db
      .prepare(
        "INSERT INTO ir_codes (device, name, code, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (device, name) DO UPDATE SET code = excluded.code",
      )
      .run(device, name, JSON.stringify(code), new Date().toISOString());
  }
}
