import { createContext, Suspense, useContext, type ComponentType } from "react";

/**
 * A part's section on the car dashboard (src/platform/part.ts `carDashboard`): a component taking no
 * props, usually `lazy(...)` so the declaration stays light (the devices feature's tiles of devices
 * adopted for the car). It renders nothing when it has nothing to show.
 */
export type CarDashboardComponent = ComponentType;

const CarDashboardContext = createContext<readonly CarDashboardComponent[]>([]);

/** Provides the parts' car dashboard sections (the app builds the list from src/app/features.ts). */
export const CarDashboardProvider = CarDashboardContext.Provider;

/**
 * Every part's section of the car dashboard, in the parts' order, each inside its own Suspense (a
 * lazy one shows nothing until loaded). Nothing when no part brings one.
 */
export function CarDashboardSections() {
  const sections = useContext(CarDashboardContext);
  if (sections.length === 0) return null;
  return sections.map((Section, index) => (
    <Suspense key={index} fallback={null}>
      <Section />
    </Suspense>
  ));
}
