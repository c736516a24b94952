import { createContext, Suspense, useContext, type ComponentType } from "react";

/** What a part's switch detail receives: the switch's `name` (its live topics' name) and label. */
export type SwitchDetailProps = { name: string; label: string };

/**
 * A part's detail on a switch of the switches screen (src/platform/part.ts `switchDetail`): a component,
 * usually `lazy(...)` so the declaration stays light. It renders nothing for a switch it knows nothing
 * of (a plug without a power meter).
 */
export type SwitchDetailComponent = ComponentType<SwitchDetailProps>;

const SwitchDetailContext = createContext<readonly SwitchDetailComponent[]>([]);

/** Provides the parts' switch details (the app builds the list from src/app/features.ts). */
export const SwitchDetailProvider = SwitchDetailContext.Provider;

/**
 * Every part's detail of switch `name`, in the parts' order, each inside its own Suspense (a lazy one
 * shows nothing until loaded, and nothing moves: details sit below the switch's controls). Nothing
 * when no part brings one.
 */
export function SwitchDetails({ name, label }: SwitchDetailProps) {
  const details = useContext(SwitchDetailContext);
  if (details.length === 0) return null;
  return details.map((Detail, index) => (
    <Suspense key={index} fallback={null}>
      <Detail name={name} label={label} />
    </Suspense>
  ));
}
