/** Props of {@link Keypad}. */
export type KeypadProps = {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  /** Accessible name of the delete key (visible text "DEL"). */
  deleteLabel: string;
  disabled?: boolean;
};

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** On-screen PIN keypad (spec §2): digits 1-9 and a DEL key, each a large touch target. */
export function Keypad({ onDigit, onDelete, deleteLabel, disabled = false }: KeypadProps) {
  return (
    <div className="keypad">
      {DIGITS.map((digit) => (
        <button key={digit} type="button" className="keypad__key" disabled={disabled} onClick={() => onDigit(digit)}>
          {digit}
        </button>
      ))}
      <button
        type="button"
        className="keypad__key keypad__key--delete"
        aria-label={deleteLabel}
        disabled={disabled}
        onClick={onDelete}
      >
        DEL
      </button>
    </div>
  );
}
