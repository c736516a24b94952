/** What the lights feature shares: the home screen's lights section. */
export { LightsSection } from "./components/LightsSection";
export { allLightsAtom } from "./live";
