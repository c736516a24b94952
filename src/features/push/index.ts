/** What the push feature shares: the menu's section and this browser's panel id. */
export { PushSettings } from "./components/PushSettings";
export { currentPanelId, PANEL_ID_KEY } from "./panel-id";
