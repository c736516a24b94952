import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the switches screen and the top bar badge: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  nav: {
    switchesWithoutPurpose_one: "{{count}} switch without a purpose",
    switchesWithoutPurpose_few: "{{count}} switches without a purpose",
    switchesWithoutPurpose_many: "{{count}} switches without a purpose",
    switchesWithoutPurpose_other: "{{count}} switches without a purpose",
  },
  switches: {
    title: "Switches",
    intro: "Live switch states.",
    none: "No switches",
    ungrouped: "Other",
    noneHint: "Switches are added in the household configuration on the hub (household.json).",
    on: "On",
    off: "Off",
    unknown: "No data",
    noPurpose: "no purpose",
    relay: "relay {{relay}}",
    edit: "Edit",
    editTitle: "Editing: {{label}}",
    labelField: "Name",
    purposeField: "Purpose",
    labelRequired: "Required",
    save: "Save",
    cancel: "Cancel",
    configLoading: "Loading the switch's settings from the hub…",
    configFailed: "Could not load the switch's settings from the hub.",
    retry: "Try again",
    reload: "Reload switches from the hub",
    noResponse: "The device did not respond",
    unavailable: "Unavailable",
    pending: "Sending…",
    relayLabel: "{{label}}, relay {{relay}}",
    console: {
      open: "Tasmota console: {{label}}",
      title: "Tasmota console",
      field: "Tasmota command",
      placeholder: "e.g. Status 0",
      send: "Send",
      hint: "Reads and ordinary commands go at once, e.g. Status 0, Power2 ON, Dimmer 40 or a Backlog of such commands. Commands that change how the device connects, what it runs or what it reaches need your PIN.",
      history: "Command history",
      empty: "No command sent yet.",
      answerFrom: "Answer from {{topic}}",
      refused:
        "Command refused: only one Tasmota command with a plain argument, or a Backlog of such commands, is allowed (no special or control characters).",
      noAnswer: "The device did not respond",
      unreachable: "The device is unavailable. Nothing was sent.",
      busy: "The previous command is still waiting for the device's answer.",
      required: "Type a command",
      pinTitle: "Enter your PIN to send this command",
      pinMessage:
        "{{commands}}: this command changes how the device connects, what it runs or what it reaches. Enter this session's PIN; the command will be written to the hub's log.",
      pinSend: "Send with PIN",
      pinCancelled: "Not sent: this command needs your PIN.",
    },
  },
};
