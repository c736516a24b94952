/** What the push feature shares: the menu's section (this panel's Web Push subscription). */
export { PushSettings } from "./components/PushSettings";
