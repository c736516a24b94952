import { useSetAtom } from "jotai";
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, ZoomIn, ZoomOut } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PtzBodyInput } from "../../../../contract/camera-controls";
import { useCommandGate } from "../../../platform/commands";
import { ptzCommand } from "../commands";
import "./controls.css";

type Direction = "up" | "down" | "left" | "right" | "zoomIn" | "zoomOut";

/** Each button's move (ONVIF ContinuousMove velocities, full speed, the default 250 ms of spec §9), its icon and its key. */
const MOVES: Record<Direction, { move: PtzBodyInput; icon: ReactNode; key: string }> = {
  up: { move: { tilt: 1 }, icon: <ChevronUp size={32} aria-hidden="true" />, key: "ArrowUp" },
  left: { move: { pan: -1 }, icon: <ChevronLeft size={32} aria-hidden="true" />, key: "ArrowLeft" },
  right: { move: { pan: 1 }, icon: <ChevronRight size={32} aria-hidden="true" />, key: "ArrowRight" },
  down: { move: { tilt: -1 }, icon: <ChevronDown size={32} aria-hidden="true" />, key: "ArrowDown" },
  zoomIn: { move: { zoom: 1 }, icon: <ZoomIn size={32} aria-hidden="true" />, key: "+" },
  zoomOut: { move: { zoom: -1 }, icon: <ZoomOut size={32} aria-hidden="true" />, key: "-" },
};
const ORDER: readonly Direction[] = ["up", "left", "right", "down", "zoomIn", "zoomOut"];

/**
 * A camera's PTZ pad (spec §7 `POST /controls/ptz/{cameraId}`, §9 default duration 250):
 * up, down, left, right, zoom in and out as 76 px buttons, each labelled ('W górę' …), and the
 * arrow keys, `+` and `-` while the pad has focus. Each press is one short move (ptzCommand);
 * disabled while offline or locked.
 */
export function PtzPad({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const move = useSetAtom(ptzCommand);
  const { disabled } = useCommandGate();
  const press = (direction: Direction) => void move({ id: cameraId, move: MOVES[direction].move });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = ORDER.find((name) => MOVES[name].key === event.key);
    if (!direction || disabled) return;
    event.preventDefault();
    press(direction);
  };
  return (
    <div
      className="ptz-pad"
      role="group"
      aria-label={t("cameraControls.ptz")}
      onKeyDown={onKeyDown}
      data-testid="ptz-pad"
    >
      {ORDER.map((direction) => (
        <button
          key={direction}
          type="button"
          className={`button ptz-pad__button ptz-pad__button--${direction}`}
          aria-label={t(`cameraControls.${direction}`)}
          title={t(`cameraControls.${direction}`)}
          disabled={disabled}
          onClick={() => press(direction)}
        >
          {MOVES[direction].icon}
        </button>
      ))}
    </div>
  );
}
