import { createContext, Suspense, useContext, type ComponentType } from "react";

/**
 * A part's section on the car dashboard (src/platform/part.ts `carDashboard`): a component taking no
 * props, usually `lazy(...)` so the declaration stays light (the devices feature's tiles of devices
 * adopted for the car). It renders nothing when it has nothing to show.
 */
export type CarDashboardComponent = ComponentType;

/**
 * One section of the car dashboard with its stable id: a part's section has the part's name
 * (`devices`, `pv`); the car feature's own ones have theirs (`switches`, `garage`). A panel's
 * profile names these ids (contract/panels.ts PanelProfile `carButtons`).
 */
export type CarDashboardSection = { readonly id: string; readonly Component: CarDashboardComponent };

const CarDashboardContext = createContext<readonly CarDashboardSection[]>([]);

/** Provides the parts' car dashboard sections with their ids (the app builds the list from src/app/features.ts). */
export const CarDashboardProvider = CarDashboardContext.Provider;

/** The parts' car dashboard sections, in the parts' order (empty when no part brings one). */
export function useCarDashboardSections(): readonly CarDashboardSection[] {
  return useContext(CarDashboardContext);
}

/**
 * The sections a car dashboard shows, in order: with `chosen` undefined all of `sections` in their
 * order (the app's default); else the ids of `chosen` that `sections` has, in `chosen`'s order, each
 * once (an unknown id is skipped, one left out is hidden; an empty list hides them all).
 */
export function arrangeCarSections<T extends { readonly id: string }>(
  sections: readonly T[],
  chosen: readonly string[] | undefined,
): T[] {
  if (chosen === undefined) return [...sections];
  const byId = new Map(sections.map((section) => [section.id, section]));
  return [...new Set(chosen)].flatMap((id) => {
    const section = byId.get(id);
    return section ? [section] : [];
  });
}

/** Props of {@link CarDashboardSections}; without `sections` the provided parts' sections. */
export type CarDashboardSectionsProps = { sections?: readonly CarDashboardSection[] };

/**
 * The car dashboard's sections (`sections`, else every part's, in the parts' order), each inside its
 * own Suspense (a lazy one shows nothing until loaded) and a `data-car-section` wrapper naming its
 * id. Nothing when there is none.
 */
export function CarDashboardSections({ sections }: CarDashboardSectionsProps) {
  const provided = useCarDashboardSections();
  const shown = sections ?? provided;
  if (shown.length === 0) return null;
  return shown.map(({ id, Component }) => (
    <div key={id} className="car-dashboard__section" data-car-section={id}>
      <Suspense fallback={null}>
        <Component />
      </Suspense>
    </div>
  ));
}
