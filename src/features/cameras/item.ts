import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { ApiError } from "../../lib/api/errors";
import type { Camera } from "../../../contract/cameras";
import { fetchCamera } from "./api";
import { cameraClientsAtom, camerasAtom } from "./atoms";

/**
 * The camera list with `item` as the hub answered it: replacing the entry of the same id (kept in
 * place), or added at the end when the list did not have it; the same list when nothing changed.
 * `item` null removes camera `id` (the hub has no such camera). A list not loaded yet (null) stays
 * null: the whole list comes with its own call.
 */
export function withCameraItem(
  list: readonly Camera[] | null,
  id: string,
  item: Camera | null,
): readonly Camera[] | null {
  if (list === null) return null;
  const at = list.findIndex((camera) => camera.id === id);
  if (item === null) return at === -1 ? list : list.filter((camera) => camera.id !== id);
  if (at === -1) return [...list, item];
  if (JSON.stringify(list[at]) === JSON.stringify(item)) return list;
  return list.map((camera, i) => (i === at ? item : camera));
}

/**
 * Asks the hub for camera `id`'s current item (spec §7 `GET ../v5/cameras/{cameraId}`: enabled,
 * hls, mjpeg, streams.mobile …) when a screen that shows it opens (`active`: the live view, the
 * camera's settings) and lays it over the cached list, so the screen uses what the hub has now,
 * not only the list fetched at start. A 404 removes the camera from the list; any other failure
 * (offline, the hub away) keeps the cached item. Once per opening.
 */
export function useCameraItemRefresh(id: string, active = true): void {
  const clients = useAtomValue(cameraClientsAtom);
  const setCameras = useSetAtom(camerasAtom);
  const ready = clients !== null;
  useEffect(() => {
    if (!active || !clients) return;
    let current = true;
    fetchCamera(clients.camerasV5, id)
      .then((result) => {
        if (current) setCameras((list) => withCameraItem(list, id, result.data));
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setCameras((list) => withCameraItem(list, id, null));
        else console.warn(`cameras: GET of camera ${id} failed; the cached item stays`, error);
      });
    return () => {
      current = false;
    };
    // once per opening: not again when the clients object is rebuilt
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, active, ready]);
}
