import { useAtomValue } from "jotai";
import { Pencil, SquareTerminal } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SwitchDetails } from "../../../platform/slots";
import { switchesAtom } from "../atoms";
import type { SwitchEntry } from "../list";
import { SwitchEditForm } from "./SwitchEditForm";
import { SwitchRow, SwitchToggle } from "./SwitchRow";
import { TasmotaConsole } from "./TasmotaConsole";

/** Props of {@link SwitchEntryItem}. */
export type SwitchEntryItemProps = { entry: SwitchEntry };

/**
 * One switch definition on the switches screen (spec §3): its label, the 'bez przeznaczenia' mark
 * when this is where the screen marks it (see switchesScreen), and either its live state (an item
 * 'name') or one line per relay listed for it ('name/relay'), each a switch control, and a pencil
 * button that opens the form editing its label and purpose (loaded from the hub as it opens), and a terminal button that opens its
 * Tasmota console (TasmotaConsole); below, what other parts show about the switch (SwitchDetails: its power reading).
 */
export function SwitchEntryItem({ entry }: SwitchEntryItemProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [editing, setEditing] = useState(false);
  const [consoleOpen, setConsoleOpen] = useState(false);
  const definition = useAtomValue(switchesAtom)?.find((item) => item.name === entry.name);
  const whole = entry.relays.length === 1 && entry.relays[0] === undefined;
  return (
    <li
      className="switch-entry"
      data-testid={`switch-entry-${entry.name}`}
      data-no-purpose={entry.markNoPurpose || undefined}
    >
      <div className="switch-entry__head">
        <span className="switch-entry__title">
          <span className="switch-entry__label" id={labelId}>
            {entry.label}
          </span>
          {entry.markNoPurpose && (
            <span className="switch-entry__mark" data-testid="switch-no-purpose">
              {t("switches.noPurpose")}
            </span>
          )}
        </span>
        {definition && (
          <button
            type="button"
            className="switch-entry__edit"
            aria-label={`${t("switches.edit")}: ${entry.label}`}
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            <Pencil size={18} aria-hidden="true" />
          </button>
        )}
        {definition && (
          <button
            type="button"
            className="switch-entry__edit"
            aria-label={t("switches.console.open", { label: entry.label })}
            aria-expanded={consoleOpen}
            onClick={() => setConsoleOpen((open) => !open)}
          >
            <SquareTerminal size={18} aria-hidden="true" />
          </button>
        )}
        {whole && <SwitchToggle name={entry.name} labelledBy={labelId} />}
      </div>
      {editing && definition && (
        <SwitchEditForm name={definition.name} label={definition.label} onDone={() => setEditing(false)} />
      )}
      {consoleOpen && definition && <TasmotaConsole name={definition.name} label={entry.label} />}
      <SwitchDetails name={entry.name} label={entry.label} />
      {!whole && (
        <ul className="switch-entry__relays" aria-label={entry.label}>
          {entry.relays.map((relay) => (
            <SwitchRow
              key={relay ?? "all"}
              name={entry.name}
              relay={relay}
              label={relay === undefined ? entry.label : t("switches.relay", { relay })}
              switchLabelId={relay === undefined ? undefined : labelId}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
