/** What the PV feature shares with routes: the PV logging screen. */
export { PvScreen } from "./components/PvScreen";
