import { useAtomValue } from "jotai";
import { camerasAtom } from "../atoms";
import { CamerasModal } from "./CamerasModal";

/**
 * A camera popup the house opens on a panel (a panel command `camera`): the modal of the doorbell
 * popup with camera `cameraId`'s live view, titled by the camera, and 'Zamknij' (Escape too). Its
 * owner closes it after the command's seconds. A camera the household does not have shows its id and
 * no view.
 */
export function CameraPopup({ cameraId, open, onClose }: { cameraId: string; open: boolean; onClose: () => void }) {
  const camera = (useAtomValue(camerasAtom) ?? []).find((item) => item.id === cameraId);
  return (
    <CamerasModal
      title={camera?.label ?? cameraId}
      cameras={camera ? [camera] : []}
      open={open}
      onClose={onClose}
      testId="camera-popup"
    />
  );
}
