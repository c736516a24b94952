/** What the GPS feature shares with routes and the app: the tracker screen, the home tiles, the alert toasts, the persisted part. */
export { GpsScreen } from "./components/GpsScreen";
export { GpsSection } from "./components/GpsSection";
export { GpsAlerts } from "./components/GpsAlerts";
export { gpsPersisted } from "./persisted";
