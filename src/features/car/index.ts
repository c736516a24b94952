/** What the car feature shares: the car dashboard's section ids in the app's order (a panel profile orders them). */
export { CAR_OWN_SECTIONS, carSectionIds } from "./buttons";
