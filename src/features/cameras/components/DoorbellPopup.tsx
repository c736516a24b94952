import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { DOORBELL } from "../../../../contract/cameras";
import { camerasAtom } from "../atoms";
import { CamerasModal } from "./CamerasModal";

/**
 * The doorbell popup (spec §2): a modal titled 'Ktoś dzwoni przy bramce.' with the live views of
 * the cameras `zoom` and `brama` (those the household has) and 'Zamknij'. Escape closes it too. It
 * opens and closes with the modal animation of spec §9 ({@link CamerasModal}); its owner keeps it
 * rendered with `open` false until the closing animation ends (useModalPresence).
 */
export function DoorbellPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cameras = useAtomValue(camerasAtom) ?? [];
  const shown = DOORBELL.cameras
    .map((id) => cameras.find((camera) => camera.id === id))
    .filter((camera) => camera !== undefined);
  return (
    <CamerasModal title={t("doorbell.title")} cameras={shown} open={open} onClose={onClose} testId="doorbell-popup" />
  );
}
