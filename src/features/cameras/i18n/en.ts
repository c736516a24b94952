import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of cameras and the doorbell: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  camera: {
    connecting: "Connecting",
    open: "Live view: {{label}}",
    preview: "Preview: {{label}}",
    disabled: "Camera disabled",
    failed: "No picture: {{message}}",
    paused: "Paused",
    controls: "Live view controls",
    mode: "Mode: {{mode}}",
    modes: { rtc: "WebRTC", hls: "HLS", mjpeg: "MJPEG" },
    scaling: "Scaling: {{scaling}}",
    scalings: { stretch: "stretched", contain: "whole picture", cover: "filled" },
    stream: "Stream: {{stream}}",
    streams: { full: "full", mobile: "mobile" },
    play: "Play",
    pause: "Pause",
    audioOn: "Sound on",
    audioOff: "Sound off",
    blackAndWhite: "Black and white",
    nightmode: "Night mode",
    gridHint: "Tap a preview to open the live picture.",
  },
  doorbell: {
    title: "Someone is ringing at the gate.",
    close: "Close",
  },
};
