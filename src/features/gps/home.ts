/** Home's section of the gps feature (its `home` in feature.ts; loaded by the home route). */
export { GpsSection as HomeSection } from "./components/GpsSection";
