/** What the lights feature shares (issue 10): the home screen's lights section. */
export { LightsSection } from "./components/LightsSection";
