/**
 * Household settings: what other screens use. The watchdogs' editor is shown on
 * /weather too; the menu composes the rest.
 */
export { WatchdogEditor } from "./components/WatchdogEditor";
export { CollapsibleSection } from "./components/CollapsibleSection";
