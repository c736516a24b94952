/** Home's section of the garage feature (its `home` in feature.ts; loaded by the home route). */
export { GarageSection as HomeSection } from "./components/GarageSection";
