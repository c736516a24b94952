/** Home's section of the pv feature (its `home` in feature.ts; loaded by the home route): the live solar tiles. */
export { SolarHome as HomeSection } from "./components/SolarHome";
