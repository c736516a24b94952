import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { configAtom, hasNoPurpose, switchesAtom } from "../atoms";
import { parseSwitchRef } from "../power";
import type { Switch } from "../schemas";
import { SwitchRow } from "./SwitchRow";

/**
 * The configured switches with their live power state (spec §3), grouped as config's switchesList
 * says; switches in no group are listed after the groups. Labels come from GET /config/switches.
 */
export function SwitchesList() {
  const switches = useAtomValue(switchesAtom);
  const config = useAtomValue(configAtom);
  const { t } = useTranslation();
  if (switches === null) return <p className="muted">{t("app.loading")}</p>;
  const byName = new Map<string, Switch>(switches.map((item) => [item.name, item]));
  const groups = config?.switchesList ?? [];
  const grouped = new Set(groups.flatMap((group) => group.items.map((item) => parseSwitchRef(item).name)));
  const ungrouped = switches.filter((item) => !grouped.has(item.name));
  if (groups.length === 0 && ungrouped.length === 0) return <p>{t("switches.none")}</p>;
  return (
    <div className="menu">
      {groups.map((group) => (
        <section key={group.name} aria-label={group.name}>
          <h2>{group.name}</h2>
          <ul className="list">
            {group.items.map((item) => {
              const ref = parseSwitchRef(item);
              const definition = byName.get(ref.name);
              return (
                <SwitchRow
                  key={item}
                  name={ref.name}
                  relay={ref.relay}
                  label={definition?.label ?? ref.name}
                  hasPurpose={definition ? !hasNoPurpose(definition) : false}
                />
              );
            })}
          </ul>
        </section>
      ))}
      {ungrouped.length > 0 && (
        <ul className="list">
          {ungrouped.map((item) => (
            <SwitchRow key={item.name} name={item.name} label={item.label} hasPurpose={!hasNoPurpose(item)} />
          ))}
        </ul>
      )}
    </div>
  );
}
