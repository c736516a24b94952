import { hasNoPurpose } from "./atoms";
import { parseSwitchRef } from "./power";
import type { Switch, SwitchGroup } from "./schemas";

/**
 * One switch definition as the switches screen shows it: its label, the relays listed for it in this
 * place (`undefined` = the whole switch, spec §3 items 'name' or 'name/relay'), and whether this is
 * where its 'bez przeznaczenia' mark goes.
 */
export type SwitchEntry = {
  name: string;
  /** The definition's label, or the name when GET /config/switches has no such switch. */
  label: string;
  /** In list order, each once; `[undefined]` for an item 'name'. */
  relays: readonly (number | undefined)[];
  /** True on the FIRST entry of a definition whose purpose is not set, false everywhere else. */
  markNoPurpose: boolean;
};

/** A section of the screen: a switchesList group (its name), or null for switches in no group. */
export type SwitchSection = { group: string | null; entries: readonly SwitchEntry[] };

/**
 * The switches screen's model (spec §2, §3). Groups follow config's switchesList; the items of one
 * switch within a group ('listwa/1', 'listwa/2', …) become ONE entry with its relays under it;
 * definitions in no group come last (group null). A definition without a purpose is marked once on
 * the whole screen, so the number of marks equals the top bar's badge, which counts switch
 * definitions without a purpose (spec §2). References to unknown switches are shown, unmarked.
 */
export function switchesScreen(switches: readonly Switch[], groups: readonly SwitchGroup[]): SwitchSection[] {
  const byName = new Map(switches.map((item) => [item.name, item]));
  const marked = new Set<string>();
  const entryOf = (name: string, relays: (number | undefined)[]): SwitchEntry => {
    const definition = byName.get(name);
    const markNoPurpose = definition !== undefined && hasNoPurpose(definition) && !marked.has(name);
    if (markNoPurpose) marked.add(name);
    return { name, label: definition?.label ?? name, relays, markNoPurpose };
  };

  const sections: SwitchSection[] = groups.map((group) => {
    const relaysByName = new Map<string, (number | undefined)[]>();
    for (const item of group.items) {
      const ref = parseSwitchRef(item);
      const relays = relaysByName.get(ref.name) ?? [];
      if (!relays.includes(ref.relay)) relays.push(ref.relay);
      relaysByName.set(ref.name, relays);
    }
    return { group: group.name, entries: [...relaysByName].map(([name, relays]) => entryOf(name, relays)) };
  });

  const grouped = new Set(groups.flatMap((group) => group.items.map((item) => parseSwitchRef(item).name)));
  const ungrouped = switches.filter((item) => !grouped.has(item.name)).map((item) => entryOf(item.name, [undefined]));
  if (ungrouped.length > 0) sections.push({ group: null, entries: ungrouped });
  return sections;
}
