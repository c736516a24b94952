/** Home's section of the climate feature (its `home` in feature.ts; loaded by the home route). */
export { ClimateSection as HomeSection } from "./components/ClimateSection";
