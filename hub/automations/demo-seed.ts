import type { AutomationBody } from "../../contract/automations";
import { HubError } from "../core/errors";
import type { AutomationService } from "./service";

/**
 * The demo household's automations (HUB_DEMO=1, seeded once into an empty table). Only the
 * notify-only one is enabled, so a demo hub (and the tests, which start one) never moves a device
 * by itself; the others run with 'Uruchom' or once enabled.
 */
export const DEMO_AUTOMATIONS: readonly AutomationBody[] = [
  {
    name: "Upał na balkonie",
    enabled: true,
    trigger: { type: "threshold", sensor: "balkon-temp", direction: "above", value: 25 },
    actions: [{ kind: "notify", message: "Na balkonie ponad 25 °C: czas podlać kwiaty" }],
  },
  {
    name: "Wieczór w salonie",
    enabled: false,
    trigger: { type: "time", time: "19:00", days: [1, 2, 3, 4, 5, 6, 7] },
    actions: [
      { kind: "switch", switch: "lampa_salon", relay: 0, state: "ON" },
      { kind: "light", light: "hue_salon", state: "ON", brightness: 180 },
    ],
  },
  {
    name: "Brama na noc",
    enabled: false,
    trigger: { type: "time", time: "23:00", days: [1, 2, 3, 4, 5, 6, 7] },
    actions: [
      { kind: "garage", door: "gate", command: "close" },
      { kind: "notify", message: "Brama wjazdowa zamknięta na noc" },
    ],
  },
];

/**
 * Seeds {@link DEMO_AUTOMATIONS} when there are no automations yet, each one whose switches,
 * sensors, lights and doors the household has (demo mode with another household file skips the
 * rest; never throws). Answers how many were created.
 */
export function seedDemoAutomations(service: AutomationService): number {
  if (service.list().length > 0) return 0;
  let created = 0;
  for (const body of DEMO_AUTOMATIONS) {
    try {
      service.create(body);
      created++;
    } catch (error) {
      if (!(error instanceof HubError)) throw error;
    }
  }
  return created;
}
