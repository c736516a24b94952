import { Delete } from "lucide-react";
import "./Keypad.css";

/** Props of {@link Keypad}. */
export type KeypadProps = {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  /** Accessible name of the delete key, which shows only an icon (e.g. 'Usuń ostatnią cyfrę'). */
  deleteLabel: string;
  disabled?: boolean;
  /**
   * "car": keys at least 76 px (STYLE.md, a car tablet at arm's length); "standard": at least 48 px.
   * Within those minimums the keys grow with the viewport's height (CSS clamp()).
   */
  size?: "standard" | "car";
};

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/**
 * On-screen PIN keypad (spec §2, §5): digits 1-9 in a 3x3 grid and a delete key (a lucide Delete
 * icon, named by `deleteLabel` for screen readers) under them. Every key is a native button, so it
 * works by touch, mouse and keyboard.
 */
export function Keypad({ onDigit, onDelete, deleteLabel, disabled = false, size = "standard" }: KeypadProps) {
  return (
    <div className="keypad" data-size={size}>
      {DIGITS.map((digit) => (
        <button key={digit} type="button" className="keypad__key" disabled={disabled} onClick={() => onDigit(digit)}>
          {digit}
        </button>
      ))}
      <button
        type="button"
        className="keypad__key keypad__key--delete"
        aria-label={deleteLabel}
        title={deleteLabel}
        disabled={disabled}
        onClick={onDelete}
      >
        <Delete aria-hidden="true" size="1.1em" strokeWidth={2.25} />
      </button>
    </div>
  );
}
