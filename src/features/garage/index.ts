/** What the garage feature shares with other features and routes: the doors' section (home, car dashboard). */
export { GarageSection } from "./components/GarageSection";
