/** Home's section of the devices feature (its `home` in feature.ts; loaded by the home route). */
export { DevicesHome as HomeSection } from "./components/DevicesHome";
