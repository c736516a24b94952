import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the garage door and gate: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  garage: {
    heading: "Gate and garage",
    states: {
      opening: "Opening",
      open: "Open",
      closing: "Closing",
      closed: "Closed",
      stopped: "Stopped",
    },
    position: "Position: {{position}}%",
    actions: {
      open: "Open",
      close: "Close",
      toggle: "Toggle",
      stop: "Stop",
    },
    confirm: {
      open: "Open: {{label}}?",
      close: "Close: {{label}}?",
      toggle: "Toggle: {{label}}?",
      message: "{{label}} will start moving. Make sure nobody stands in the way.",
    },
    cancel: "Cancel",
    constantStop: "Constant stop",
    constantStopOn: "Constant stop on: the door will not move",
    sending: "Sending…",
    controls: "Controls: {{label}}",
    failed: "The command could not be sent",
    unavailable: "Unavailable",
  },
};
