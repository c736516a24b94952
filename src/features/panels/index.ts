/**
 * What the panels feature shares: the panel agent the app shell mounts (registration, reports,
 * commands), the menu's panels, the command and target fields the automation editor uses, the
 * household's panels and this panel (its profile: start screen, layout, home's sections, car buttons).
 */
export { LazyPanelAgent } from "./components/LazyPanelAgent";
export { LazyPanelsMenu } from "./components/LazyPanelsMenu";
export {
  PanelCommandFields,
  PanelTargetFields,
  defaultPanelCommand,
  type PanelCommandInput,
  type PanelTargetInput,
} from "./components/PanelCommandFields";
export { panelsAtom, thisPanelAtom } from "./atoms";
export { arrangeHome } from "./profile";
export type { CarSectionChoice } from "./components/PanelProfileEditor";
