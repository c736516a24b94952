import { useAtomValue } from "jotai";
import { ToggleRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { configAtom } from "../../../platform/config";
import { switchesAtom } from "../atoms";
import { switchesScreen } from "../list";
import { ReloadSwitchesButton } from "./ReloadSwitchesButton";
import { SwitchEntryItem } from "./SwitchEntryItem";
import "./SwitchesList.css";

/**
 * The configured switches with their live power state (spec §3), grouped as config's switchesList
 * says, one entry per switch with its relays under it; switches in no group come last, under
 * 'Pozostałe' ('Other') when there are named groups (so every column has a heading), with no
 * heading when nothing is grouped. Labels come from GET /config/switches; 'Wczytaj przełączniki z huba'
 * above them reloads them (POST config/switches/reload). With no switches: 'Brak przełączników' and where they are added.
 */
export function SwitchesList() {
  const switches = useAtomValue(switchesAtom);
  const config = useAtomValue(configAtom);
  const { t } = useTranslation();
  if (switches === null) return <p className="muted">{t("app.loading")}</p>;
  const sections = switchesScreen(switches, config?.switchesList ?? []);
  if (sections.every((section) => section.entries.length === 0)) {
    return <EmptyState icon={<ToggleRight size={48} />} title={t("switches.none")} hint={t("switches.noneHint")} />;
  }
  const grouped = sections.some((section) => section.group !== null && section.entries.length > 0);
  return (
    <>
      <div className="switches__toolbar">
        <ReloadSwitchesButton />
      </div>
      <div className="switches">
        {sections.map((section) => {
          const heading = section.group ?? (grouped ? t("switches.ungrouped") : null);
          return (
            <section key={section.group ?? ""} className="switches__group" aria-label={heading ?? undefined}>
              {heading !== null && <h2 className="switches__heading">{heading}</h2>}
              <ul className="switches__list">
                {section.entries.map((entry) => (
                  <SwitchEntryItem key={entry.name} entry={entry} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
