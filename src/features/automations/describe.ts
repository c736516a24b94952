import type { AutomationTrigger } from "../../../contract/automations";
import type { Sensor } from "../../../contract/sensors";
import type { Switch } from "../../../contract/switches";

/** Translates a key of the automations' texts with values. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The household's names the words use: sensors (GET /config/sensors) and switch definitions. */
export type HouseholdNames = { sensors: readonly Sensor[]; switches: readonly Switch[] };

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
 * 'Gdy Bedside button zgłosi action = single', 'Gdy Balcony climate: temperature wzrośnie powyżej 25'.
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
      const device = trigger.device.slice(trigger.device.indexOf(":") + 1);
      const property = trigger.endpoint === undefined ? trigger.property : `${trigger.property} (${trigger.endpoint})`;
      if (trigger.equals !== undefined)
        return t("automations.words.deviceEquals", { device, property, value: String(trigger.equals) });
      const direction = trigger.above !== undefined ? "deviceAbove" : "deviceBelow";
      return t(`automations.words.${direction}`, { device, property, value: trigger.above ?? trigger.below ?? 0 });
    }
  }
}
