import type { AutomationAction, AutomationActionKind, AutomationTrigger } from "../../../contract/automations";
import type { DeviceWords } from "./deviceWords";
import type { Sensor } from "../../../contract/sensors";
import type { Switch } from "../../../contract/switches";

/** Translates a key of the automations' texts with values. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The household's names the words use: sensors (GET /config/sensors), switch definitions and, when
 * given, the registry devices' words (GET /devices, deviceWords.ts); without them a device is named
 * by its id's name and a capability by its property.
 */
export type HouseholdNames = {
  sensors: readonly Sensor[];
  switches: readonly Switch[];
  deviceWords?: DeviceWords | undefined;
  /** The household's panels (GET /panels): a panel is named by its name, else its id. */
  panels?: readonly { id: string; name: string }[] | undefined;
  /** The household's cameras (GET /cameras): a camera popup names its camera by label, else its id. */
  cameras?: readonly { id: string; label: string }[] | undefined;
};

/** The i18n key of an action kind's name (`device.set` is `deviceSet`: keys are dotted paths). */
export function actionKindKey(kind: AutomationActionKind): string {
  return `automations.actionKind.${kind === "device.set" ? "deviceSet" : kind === "panel.command" ? "panelCommand" : kind}`;
}

/** Words of devices the hub does not list (or before GET /devices answered): the id's name, the property, the value as it is. */
const plainDeviceWords: DeviceWords = {
  device: (id) => id.slice(id.indexOf(":") + 1),
  capability: (_id, ref) => (ref.endpoint === undefined ? ref.property : `${ref.property} (${ref.endpoint})`),
  value: (_id, _ref, value) => String(value),
};

/** A sensor shown to people: `<label> (<kind>)`, or its id when the household no longer has it. */
export function sensorName(t: Translate, sensors: readonly Sensor[], id: string): string {
  const sensor = sensors.find((item) => item.id === id);
  return sensor ? `${sensor.label} (${t(`automations.kind.${sensor.kind}`)})` : id;
}

/** A switch shown to people: its label (and relay), or its name when unknown. */
export function switchName(t: Translate, switches: readonly Switch[], name: string, relay: number): string {
  const label = switches.find((item) => item.name === name)?.label ?? name;
  return relay === 0 ? label : t("automations.words.relay", { name: label, relay });
}

/**
 * A trigger in words (the list shows each automation's trigger so): 'Codziennie o 07:30',
 * 'W dni robocze o 07:30', 'pon., śr. o 07:30', 'Gdy Balkon (temperatura) wzrośnie powyżej 25',
 * 'Gdy Pompa ogrodowa zmieni stan na włączony', 'Gdy Drzwi wejściowe: otwarcie', 'Gdy ktoś zadzwoni przy bramce',
 * 'Gdy Przycisk przy łóżku: Akcja = Pojedyncze (single)', 'Gdy Balkon: Temperatura wzrośnie powyżej 25 °C'.
 */
export function describeTrigger(t: Translate, trigger: AutomationTrigger, names: HouseholdNames): string {
  switch (trigger.type) {
    case "time": {
      const days = [...trigger.days].sort((a, b) => a - b);
      const key = days.join(",");
      if (key === "1,2,3,4,5,6,7") return t("automations.words.everyDay", { time: trigger.time });
      if (key === "1,2,3,4,5") return t("automations.words.workdays", { time: trigger.time });
      if (key === "6,7") return t("automations.words.weekend", { time: trigger.time });
      return t("automations.words.days", {
        time: trigger.time,
        days: days.map((day) => t(`automations.weekday.${String(day)}`)).join(", "),
      });
    }
    case "threshold":
      return t(`automations.words.${trigger.direction}`, {
        sensor: sensorName(t, names.sensors, trigger.sensor),
        value: trigger.value,
      });
    case "switch": {
      const name = switchName(t, names.switches, trigger.switch, trigger.relay);
      return trigger.to === "any"
        ? t("automations.words.switchAny", { switch: name })
        : t("automations.words.switchTo", { switch: name, state: t(`automations.switchTo.${trigger.to}`) });
    }
    case "door": {
      const door = names.sensors.find((item) => item.id === trigger.sensor)?.label ?? trigger.sensor;
      const key = trigger.to === "open" ? "doorOpen" : trigger.to === "closed" ? "doorClosed" : "doorAny";
      return t(`automations.words.${key}`, { door });
    }
    case "doorbell":
      return t("automations.words.doorbell");
    case "device": {
      const words = names.deviceWords ?? plainDeviceWords;
      const ref = { property: trigger.property, endpoint: trigger.endpoint };
      const device = words.device(trigger.device);
      const property = words.capability(trigger.device, ref);
      if (trigger.equals !== undefined)
        return t("automations.words.deviceEquals", {
          device,
          property,
          value: words.value(trigger.device, ref, trigger.equals),
        });
      const direction = trigger.above !== undefined ? "deviceAbove" : "deviceBelow";
      const value = words.value(trigger.device, ref, trigger.above ?? trigger.below ?? 0);
      return t(`automations.words.${direction}`, { device, property, value });
    }
    case "panel": {
      const panel =
        trigger.panelId === undefined
          ? t("automations.words.anyPanel")
          : (names.panels?.find((item) => item.id === trigger.panelId)?.name ?? trigger.panelId);
      if (trigger.above !== undefined || trigger.below !== undefined)
        return t(`automations.words.${trigger.above !== undefined ? "panelAbove" : "panelBelow"}`, {
          panel,
          value: trigger.above ?? trigger.below ?? 0,
        });
      return t("automations.words.panelEquals", {
        panel,
        field: t(`automations.panelField.${trigger.field}`),
        value: panelValueWord(t, trigger.field, trigger.equals),
      });
    }
  }
}

/** A panel trigger's value in words: 'tak' / 'nie', a screen state's name, a path as it is. */
function panelValueWord(t: Translate, field: string, value: string | boolean | undefined): string {
  if (typeof value === "boolean") return t(`automations.panelBoolean.${String(value)}`);
  if (field === "screenState") return t(`automations.panelScreenState.${String(value)}`);
  return String(value);
}

/**
 * An action in words (the list shows each automation's actions so): 'Lampa w salonie: włącz',
 * 'Światło Salon: włącz, jasność 120', 'Ogrzewanie: tryb comfort, 21 °C', 'Brama garażowa: otwórz',
 * 'Powiadomienie: Mróz', 'Ustaw Czajnik: Stan = Włączone'.
 */
export function describeAction(t: Translate, action: AutomationAction, names: HouseholdNames): string {
  switch (action.kind) {
    case "switch":
      return t("automations.steps.switch", {
        switch: switchName(t, names.switches, action.switch, action.relay),
        state: t(`automations.state.${action.state}`),
      });
    case "light": {
      const text = t("automations.steps.light", { light: action.light, state: t(`automations.state.${action.state}`) });
      return action.brightness === undefined
        ? text
        : t("automations.steps.brightness", { text, brightness: action.brightness });
    }
    case "heater":
    case "ac": {
      const temperature = action.kind === "heater" ? action.temperature : action.targetTemperature;
      const text = t(`automations.steps.${action.kind}`, { mode: action.mode });
      return temperature === undefined ? text : t("automations.steps.temperature", { text, temperature });
    }
    case "ir":
      return t("automations.steps.ir", { device: action.device, code: action.code });
    case "garage":
      return t("automations.steps.garage", {
        door: t(`automations.door.${action.door}`),
        command: t(`automations.command.${action.command}`),
      });
    case "notify":
      return t("automations.steps.notify", { message: action.message });
    case "device.set": {
      const words = names.deviceWords ?? plainDeviceWords;
      const ref = { property: action.property, endpoint: action.endpoint };
      return t("automations.steps.deviceSet", {
        device: words.device(action.device),
        property: words.capability(action.device, ref),
        value: words.value(action.device, ref, action.value),
      });
    }
    case "panel.command": {
      const target = action.target;
      const to =
        target.to === "all"
          ? t("automations.words.allPanels")
          : target.to === "room"
            ? t("automations.words.roomPanels", { room: target.room })
            : (names.panels?.find((item) => item.id === target.panelId)?.name ?? target.panelId);
      const command = action.command;
      const detail =
        command.type === "navigate"
          ? command.to
          : command.type === "camera"
            ? `${names.cameras?.find((camera) => camera.id === command.cameraId)?.label ?? command.cameraId}, ${String(command.seconds)} s`
            : command.type === "notify"
              ? command.text
              : command.type === "screen"
                ? t(`automations.panelScreenMode.${command.mode}`)
                : "";
      return t("automations.steps.panelCommand", {
        target: to,
        command: t(`automations.panelCommandType.${command.type}`),
        detail: detail === "" ? "" : ` ${detail}`,
      });
    }
  }
}
