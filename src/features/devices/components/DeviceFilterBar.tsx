import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/TextField";
import { DEVICE_FILTERS, type DeviceFilter } from "../list";

/** Props of {@link DeviceFilterBar}. */
export type DeviceFilterBarProps = {
  filter: DeviceFilter;
  counts: Record<DeviceFilter, number>;
  query: string;
  onFilterChange: (filter: DeviceFilter) => void;
  onQueryChange: (query: string) => void;
};

/**
 * The devices screen's filter: 'Wszystkie', 'Nowe', 'Ukryte' with how many each lists (a radio
 * group: arrow keys move, each choice at least 48 px high), and 'Szukaj po nazwie'.
 */
export function DeviceFilterBar({ filter, counts, query, onFilterChange, onQueryChange }: DeviceFilterBarProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="device-filter">
      <fieldset className="device-filter__choices">
        <legend className="visually-hidden">{t("devices.filter")}</legend>
        {DEVICE_FILTERS.map((choice) => (
          <label key={choice} className="device-filter__choice" data-checked={choice === filter}>
            <input
              type="radio"
              name={name}
              value={choice}
              className="device-filter__input"
              checked={choice === filter}
              onChange={() => onFilterChange(choice)}
            />
            <span>{t(`devices.filters.${choice}`, { count: counts[choice] })}</span>
          </label>
        ))}
      </fieldset>
      <div className="device-filter__search">
        <TextField
          type="search"
          label={t("devices.search")}
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onQueryChange(event.currentTarget.value)}
        />
      </div>
    </div>
  );
}
