import { useTranslation } from "react-i18next";

/** One row of {@link OrderedTicks}: an id and whether it is ticked (shown). */
export type TickRow = { id: string; shown: boolean };

/** Props of {@link OrderedTicks}. */
export type OrderedTicksProps = {
  legend: string;
  intro: string;
  /** The rows in order (ticked = shown). */
  rows: readonly TickRow[];
  /** The row's label for the user. */
  nameOf: (id: string) => string;
  /** Called with the whole list after a tick or a move. */
  onChange: (rows: TickRow[]) => void;
  /** 'Kolejność aplikacji' is offered when given (the list was changed): back to the app's order. */
  onReset?: () => void;
};

/**
 * A list the household ticks and orders (a panel profile's home sections, car dashboard buttons):
 * a numbered list of checkboxes named after each row, 'Wyżej: …' moving a row one up (not on the
 * first), and 'Kolejność aplikacji' when `onReset` is given.
 */
export function OrderedTicks({ legend, intro, rows, nameOf, onChange, onReset }: OrderedTicksProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel-profile__group">
      <legend>{legend}</legend>
      <p className="muted">{intro}</p>
      <ol className="panel-profile__sections">
        {rows.map((row, index) => (
          <li key={row.id} className="panel-profile__section">
            <label>
              <input
                type="checkbox"
                checked={row.shown}
                onChange={(event) =>
                  onChange(rows.map((item) => (item.id === row.id ? { ...item, shown: event.target.checked } : item)))
                }
              />{" "}
              {nameOf(row.id)}
            </label>
            {index > 0 && (
              <button
                type="button"
                className="button"
                aria-label={t("panels.profileForm.moveUp", { name: nameOf(row.id) })}
                onClick={() => onChange(moveUp(rows, index))}
              >
                ↑
              </button>
            )}
          </li>
        ))}
      </ol>
      {onReset && (
        <button type="button" className="button" onClick={onReset}>
          {t("panels.profileForm.homeDefault")}
        </button>
      )}
    </fieldset>
  );
}

/** `rows` with the row at `index` moved one up (unchanged for the first or an index outside). */
export function moveUp(rows: readonly TickRow[], index: number): TickRow[] {
  const next = [...rows];
  if (index <= 0 || index >= next.length) return next;
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(index - 1, 0, moved);
  return next;
}

/**
 * The rows for a profile's list: with `chosen` (the profile's ids) its known ids ticked in its order,
 * then the rest of `all` unticked; null without one (the app's order, all shown).
 */
export function tickRows(all: readonly string[], chosen: readonly string[] | undefined): TickRow[] | null {
  if (chosen === undefined) return null;
  const known = [...new Set(chosen)].filter((id) => all.includes(id));
  return [
    ...known.map((id) => ({ id, shown: true })),
    ...all.filter((id) => !known.includes(id)).map((id) => ({ id, shown: false })),
  ];
}
