/** What the climate feature shares with routes: the heater's and the AC's section of the home screen. */
export { ClimateSection } from "./components/ClimateSection";
