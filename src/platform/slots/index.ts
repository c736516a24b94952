/** Slots a feature fills in another's screen without importing it (declared in src/platform/part.ts, provided by the app). */
export {
  SwitchDetails,
  SwitchDetailProvider,
  type SwitchDetailComponent,
  type SwitchDetailProps,
} from "./switchDetail";
export {
  CarDashboardSections,
  CarDashboardProvider,
  arrangeCarSections,
  useCarDashboardSections,
  type CarDashboardComponent,
  type ArrangedCarSection,
  type CarDashboardSection,
  type CarDashboardSectionProps,
} from "./carDashboard";
