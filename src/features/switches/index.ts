/**
 * What the switches feature shares with other features (a feature's components are its
 * own; others import from here). Routes may still compose the feature's components directly.
 */
export { ChosenSwitches } from "./components/ChosenSwitches";
export { switchesAtom } from "./atoms";
export { parseSwitchRef } from "./power";
export type { Switch, SwitchGroup } from "./schemas";
