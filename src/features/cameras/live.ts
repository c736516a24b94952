import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { CAMERA_CONFIG_TOPIC, CameraConfigPayloadSchema } from "../../../contract/camera-state";
import { RECORDINGS_TOPIC_PATTERN, RecordingsChangedSchema } from "../../../contract/camera-controls";
import { liveFamily } from "../../platform/live/family";
import { fetchCameras } from "./api";
import { cameraClientsAtom, camerasAtom } from "./atoms";

/** `camera/config` (retained, from the hub's start): when it last arrived (epoch ms); the items themselves come from the hub's camera calls. */
export const cameraConfigArrival = liveFamily({
  pattern: CAMERA_CONFIG_TOPIC,
  schema: CameraConfigPayloadSchema,
  map: (_payload, receivedAt) => receivedAt,
});

/** `camera/recordings/<cameraId>`: when the camera's recordings last changed (the hub's clock, epoch ms). */
export const recordingsChanged = liveFamily({
  pattern: RECORDINGS_TOPIC_PATTERN,
  schema: RecordingsChangedSchema,
  map: (payload) => payload,
});

/**
 * Keeps the camera items current on a camera screen: each `camera/config` the hub
 * publishes after another dashboard edited a camera (or `POST config/cameras/reload`) fetches
 * `GET ../v5/cameras` again (the one already there when the screen opened does not).
 */
export function useCamerasFollowConfig(): void {
  const arrival = useAtomValue(cameraConfigArrival());
  const clients = useAtomValue(cameraClientsAtom);
  const setCameras = useSetAtom(camerasAtom);
  const seen = useRef(arrival);
  useEffect(() => {
    if (arrival === null || arrival === seen.current || !clients) return;
    seen.current = arrival;
    let current = true;
    fetchCameras(clients.camerasV5)
      .then((result) => {
        if (current) setCameras(result.data);
      })
      .catch((error: unknown) => console.warn("cameras: refetch after camera/config failed", error));
    return () => {
      current = false;
    };
  }, [arrival, clients, setCameras]);
}
