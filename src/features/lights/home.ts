/** Home's section of the lights feature (its `home` in feature.ts; loaded by the home route). */
export { LightsSection as HomeSection } from "./components/LightsSection";
