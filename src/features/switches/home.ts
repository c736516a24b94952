/** Home's section of the switches feature (its `home` in feature.ts; loaded by the home route). */
export { HomeSwitches as HomeSection } from "./components/ChosenSwitches";
