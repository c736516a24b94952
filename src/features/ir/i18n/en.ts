import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the infrared remotes: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  ir: {
    title: "Remotes",
    intro: "Infrared remotes: press a button to send its code, or learn a new code from a remote.",
    link: "Infrared remotes",
    none: "No remotes",
    noneHint: "IR blasters are added in the hub's household configuration (household.json, list ir).",
    buttons: "Buttons: {{label}}",
    noButtons: "This remote has no buttons yet. Turn learning on and press a button on the remote.",
    learn: "Learn a code",
    stopLearning: "Stop learning",
    learning: "Learning is on: point the remote at the receiver and press a button.",
    received: "Code received: {{protocol}}, {{bits}} bits, {{data}}",
    nameField: "Button name",
    nameRequired: "Required",
    save: "Save button",
    full: "This remote already has {{max}} buttons, the most it can keep. Save the code under an existing button's name to replace it.",
    saveRefused: "The button was not saved: the remote already has the most buttons it can keep.",
    sent: "Sent: {{name}}",
    unavailable: "Unavailable",
    unreachable: "The IR blaster is unavailable. Nothing was sent.",
  },
};
