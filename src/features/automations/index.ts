/** What the automations feature shares with the app shell: the live notices (toasts of notify actions, runs into the list). */
export { AutomationNotices } from "./components/AutomationNotices";
