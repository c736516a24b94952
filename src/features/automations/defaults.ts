import type {
  AutomationAction,
  AutomationActionKind,
  AutomationBodyInput,
  AutomationTrigger,
  AutomationTriggerType,
} from "../../../contract/automations";
import type { ListedDevice } from "../devices";
import type { HouseholdNames } from "./describe";

/**
 * The household's choices the editor offers: sensors and switches (HouseholdNames), the lights found
 * (id, label) and the registry's devices (GET /devices) for device triggers and actions.
 */
export type EditorChoices = HouseholdNames & {
  lights: readonly { id: string; label: string }[];
  devices: readonly ListedDevice[];
  /** The household's panels (GET /panels) for panel triggers and commands. */
  panels: readonly { id: string; name: string; room?: string | undefined }[];
};

/** A new trigger of `type`, filled with the household's first fitting device (07:00 on weekdays for a time). */
export function defaultTrigger(type: AutomationTriggerType, choices: EditorChoices): AutomationTrigger {
  switch (type) {
    case "time":
      return { type, time: "07:00", days: [1, 2, 3, 4, 5] };
    case "threshold":
      return {
        type,
        sensor: choices.sensors.find((sensor) => sensor.kind !== "door")?.id ?? "",
        direction: "above",
        value: 25,
      };
    case "switch":
      return { type, switch: choices.switches[0]?.name ?? "", relay: 0, to: "ON" };
    case "door":
      return { type, sensor: choices.sensors.find((sensor) => sensor.kind === "door")?.id ?? "", to: "open" };
    case "doorbell":
      return { type };
    case "device":
      return { type, device: "", property: "" };
    case "panel":
      return { type, field: "battery", below: 20 };
  }
}

/** A new action of `kind`, filled with the household's first fitting device. */
export function defaultAction(kind: AutomationActionKind, choices: EditorChoices): AutomationAction {
  switch (kind) {
    case "switch":
      return { kind, switch: choices.switches[0]?.name ?? "", relay: 0, state: "ON" };
    case "light":
      return { kind, light: choices.lights[0]?.id ?? "", state: "ON" };
    case "heater":
      return { kind, mode: "comfort" };
    case "ac":
      return { kind, mode: "cool" };
    case "ir":
      return { kind, device: "", code: "" };
    case "garage":
      return { kind, door: "garage", command: "open" };
    case "notify":
      return { kind, message: "" };
    case "device.set":
      return { kind, device: "", property: "", value: "" };
    case "panel.command": {
      const first = choices.panels[0];
      return {
        kind,
        target: first ? { to: "panel", panelId: first.id } : { to: "all" },
        command: { type: "notify", text: "", sound: true, speak: false },
      };
    }
  }
}

/** The editor's starting values for a new automation: a weekday-morning time trigger and one switch action. */
export function newAutomation(choices: EditorChoices): AutomationBodyInput {
  return {
    name: "",
    enabled: true,
    trigger: defaultTrigger("time", choices),
    actions: [defaultAction("switch", choices)],
  };
}
