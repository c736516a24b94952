/** A bounded random walk: each step moves by up to ±`step`, reflecting at the bounds. */
export class RandomWalk {
  private current: number;

  constructor(
    start: number,
    private readonly min: number,
    private readonly max: number,
    private readonly step: number,
    private readonly random: () => number = Math.random,
  ) {
    this.current = start;
  }

  /** Advances one step and answers the new value. */
  next(): number {
    let value = this.current + (this.random() * 2 - 1) * this.step;
    if (value > this.max) value = this.max - (value - this.max);
    if (value < this.min) value = this.min + (this.min - value);
    this.current = Math.min(this.max, Math.max(this.min, value));
    return this.current;
  }

  get value(): number {
    return this.current;
  }
}

/** Rounds to `digits` decimals, as devices report. */
export const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Outdoor illuminance in lux for a local hour (0..24): a day cycle peaking at 13:00, 0 at night. */
export function daylightLux(hour: number): number {
  const sun = Math.sin((Math.PI * (hour - 6)) / 14);
  return sun > 0 ? 25_000 * sun : 0;
}

/** Tasmota's `Time`: local time without zone, `YYYY-MM-DDTHH:MM:SS`. */
export function tasmotaTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
