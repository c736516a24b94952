/** Data fetching of the session resources (spec §9): the loader component and the loading-slow state. */
export { SessionResources, type SessionResourcesProps } from "./components/SessionResources";
export { loadingSlowAtom, settledResourcesAtom, slowResourcesAtom } from "./atoms";
export { SESSION_FETCH_OPTIONS, isRetriedError } from "./options";
