/**
 * What the cameras feature shares: the session resource of the camera items and the
 * doorbell watcher the app shell mounts. Routes compose the feature's components directly.
 */
export { camerasResource } from "./resource";
export { DoorbellWatcher } from "./components/DoorbellWatcher";
export { LazyCameraPopup } from "./components/LazyCameraPopup";
export { camerasAtom } from "./atoms";
