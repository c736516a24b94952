import { createContext, Suspense, useContext, type ComponentType } from "react";

/**
 * What a car dashboard section is given: `only`, the ids of its items to show in that order (a
 * panel profile's `<part>:<item>` ids, e.g. the adopted device ids of the devices section); absent =
 * all of them, in the part's order. A section without items ignores it.
 */
export type CarDashboardSectionProps = { only?: readonly string[] | undefined };

/**
 * A part's section on the car dashboard (src/platform/part.ts `carDashboard`): a component taking
 * {@link CarDashboardSectionProps}, usually `lazy(...)` so the declaration stays light (the devices
 * feature's tiles of devices adopted for the car). It renders nothing when it has nothing to show.
 */
export type CarDashboardComponent = ComponentType<CarDashboardSectionProps>;

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

/** One place on the car dashboard: a section, and which of its items (absent = all). */
export type ArrangedCarSection<T> = { readonly section: T; readonly only?: readonly string[] };

/** Splits `<part>:<item>` (the first colon) into its section id and item id; null for a plain id. */
function itemOf(id: string): { sectionId: string; itemId: string } | null {
  const colon = id.indexOf(":");
  return colon > 0 && colon < id.length - 1 ? { sectionId: id.slice(0, colon), itemId: id.slice(colon + 1) } : null;
}

/**
 * The places a car dashboard shows, in order (contract/panels.ts PanelProfile `carButtons`): with
 * `chosen` undefined every section, whole, in `sections`' order (the app's default); else each id of
 * `chosen` once, in its order: a section id shows that section whole; `<section>:<item>` (an adopted
 * device: `devices:<deviceId>`) shows that item of the section, consecutive items of one section
 * sharing one place. Unknown ids are skipped, a section left out is hidden, an empty list hides all.
 */
export function arrangeCarSections<T extends { readonly id: string }>(
  sections: readonly T[],
  chosen: readonly string[] | undefined,
): ArrangedCarSection<T>[] {
  if (chosen === undefined) return sections.map((section) => ({ section }));
  const byId = new Map(sections.map((section) => [section.id, section]));
  const places: { section: T; only?: string[] }[] = [];
  for (const id of new Set(chosen)) {
    const item = itemOf(id);
    const section = byId.get(item ? item.sectionId : id);
    if (!section) continue;
    const last = places.at(-1);
    if (!item) places.push({ section });
    else if (last?.section === section && last.only) last.only.push(item.itemId);
    else places.push({ section, only: [item.itemId] });
  }
  return places;
}

/** Props of {@link CarDashboardSections}; without `sections` the provided parts' sections, whole. */
export type CarDashboardSectionsProps = { sections?: readonly ArrangedCarSection<CarDashboardSection>[] };

/**
 * The car dashboard's places (`sections`, else every part's section whole, in the parts' order), each inside its
 * own Suspense (a lazy one shows nothing until loaded) and a `data-car-section` wrapper naming its
 * id. Nothing when there is none.
 */
export function CarDashboardSections({ sections }: CarDashboardSectionsProps) {
  const provided = useCarDashboardSections();
  const shown: readonly ArrangedCarSection<CarDashboardSection>[] =
    sections ?? provided.map((section) => ({ section }));
  if (shown.length === 0) return null;
  return shown.map(({ section: { id, Component }, only }, index) => (
    <div key={`${index}-${id}`} className="car-dashboard__section" data-car-section={id}>
      <Suspense fallback={null}>
        <Component only={only} />
      </Suspense>
    </div>
  ));
}
