import { parseSwitchRef, type Switch, type SwitchGroup } from "../switches";

/** A switch item a picker offers: 'name' or 'name/relay' (spec §3), and how people read it. */
export type SwitchOption = { item: string; name: string; relay: number | undefined; label: string };

/** Text of a relay item: `{label}, przekaźnik {relay}` in the user's language. */
export type RelayLabel = (label: string, relay: number) => string;

/**
 * What the switch pickers offer: every switch of `GET /config/switches` as a whole
 * ('name', by its label), then each relay item the household's groups (`switchesList`) list for it
 * ('name/relay', '<label>, przekaźnik n'), in the groups' order, each item once. Items of the groups
 * that name no known switch are offered too, under their own text, so nothing saved is hidden.
 */
export function switchOptions(
  switches: readonly Switch[],
  groups: readonly SwitchGroup[],
  relayLabel: RelayLabel,
): SwitchOption[] {
  const labels = new Map(switches.map((item) => [item.name, item.label]));
  const seen = new Set<string>();
  const out: SwitchOption[] = [];
  const add = (item: string) => {
    if (seen.has(item)) return;
    seen.add(item);
    const ref = parseSwitchRef(item);
    const label = labels.get(ref.name) ?? ref.name;
    out.push({
      item,
      name: ref.name,
      relay: ref.relay,
      label: ref.relay === undefined ? label : relayLabel(label, ref.relay),
    });
  };
  for (const item of switches) {
    add(item.name);
    for (const group of groups)
      for (const listed of group.items)
        if (parseSwitchRef(listed).name === item.name && listed !== item.name) add(listed);
  }
  for (const group of groups) for (const listed of group.items) add(listed);
  return out;
}

/** The label of `item` among `options`, or the item itself when it is not offered. */
export function optionLabel(options: readonly SwitchOption[], item: string): string {
  return options.find((option) => option.item === item)?.label ?? item;
}

/** `list` with the entry at `index` moved by `delta` places (clamped); a new array. */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  const out = [...list];
  const [entry] = out.splice(index, 1);
  if (entry !== undefined) out.splice(to, 0, entry);
  return out;
}
