/**
 * Automations (spec §7 `POST /automation`, `PATCH /automation/{id}`, `DELETE /automation/{id}`,
 * `POST /automation/{id}/run`; docs/contract.md "Automations"): a trigger and an ordered
 * list of actions, stored and run by the hub, with the record of each run. Also the live topics the
 * hub publishes about them: `automation/notify` (a notify action's message, shown as a toast) and
 * `automation/run` (a run just recorded).
 */
import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";
import { GarageActionSchema, GarageDoorSchema } from "./garage";
import { PanelCommandBodySchema, PanelIdSchema, PanelTargetSchema, ScreenStateSchema } from "./panels";
import { DeviceNameSchema } from "./sensors";
import { SwitchCommandStateSchema } from "./switches";

/** `GET /automation` (our addition: the list) and `POST /automation` (create) on the general base. */
export const AUTOMATIONS_PATH = "/automation";
/** `PATCH` and `DELETE /automation/{id}`. */
export const AUTOMATION_ROUTE = "/automation/:id";
/** `POST /automation/{id}/run`: runs it now (cause `manual`). */
export const AUTOMATION_RUN_ROUTE = "/automation/:id/run";

/** `GET /automation/{id}/runs` (our addition): the kept runs, newest first. */
export const AUTOMATION_RUNS_ROUTE = "/automation/:id/runs";

/** The path of `PATCH`/`DELETE /automation/{id}` (URL-encoded). */
export function automationPath(id: string): string {
  return `/automation/${encodeURIComponent(id)}`;
}

/** The path of `POST /automation/{id}/run` (URL-encoded). */
export function automationRunPath(id: string): string {
  return `/automation/${encodeURIComponent(id)}/run`;
}

/** An automation's id as the hub gives it: `[A-Za-z0-9_-]`, 1..64 characters. */
export const AutomationIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, "must match [A-Za-z0-9_-]{1,64}"),
);

/** How many actions one automation may hold; more is `400 BAD_REQUEST` `actions: at most 20 actions`. */
export const MAX_AUTOMATION_ACTIONS = 20;
/**
 * How many automations one household may hold: `POST /automation` past it is `409 LIMIT_REACHED`
 * `{code, message, limit: 200}`, nothing stored (delete one first).
 */
export const MAX_AUTOMATIONS = 200;
/** How many runs the hub keeps per automation (the oldest go first). */
export const MAX_KEPT_RUNS = 20;
/** The time zone of time triggers (spec §2: a Polish household). */
export const AUTOMATION_TIME_ZONE = "Europe/Warsaw";

/** ISO weekdays: 1 Monday .. 7 Sunday (spec §2: weeks start on Monday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WeekdaySchema = v.picklist(WEEKDAYS);
export type Weekday = v.InferOutput<typeof WeekdaySchema>;

/** A local time of day `HH:MM` (24 h). */
export const TimeOfDaySchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM"));

/**
 * At `time` (Europe/Warsaw wall clock) on each of `days`. DST: a time the spring change skips
 * (02:00-02:59) runs an hour later that day (02:30 -> 03:30); a time the autumn change repeats runs
 * once, at its first occurrence.
 */
export const TimeTriggerSchema = v.strictObject({
  type: v.literal("time"),
  time: TimeOfDaySchema,
  days: v.pipe(
    v.array(WeekdaySchema),
    v.minLength(1, "choose at least one day"),
    v.check((days) => new Set(days).size === days.length, "each day once"),
  ),
});

/**
 * When sensor `sensor` (its id in the household file) crosses `value`: `above` fires on a reading
 * above it after one at or below it, `below` the other way. The edge, not every reading: nothing
 * fires until a reading has been seen on the other side.
 */
export const ThresholdTriggerSchema = v.strictObject({
  type: v.literal("threshold"),
  sensor: v.pipe(v.string(), v.minLength(1, "choose a sensor"), v.maxLength(128)),
  direction: v.picklist(["above", "below"]),
  value: v.pipe(v.number(), v.finite()),
});

/** When switch `switch` (relay `relay`, 0 = the whole switch) changes to `to` (`any`: either way). */
export const SwitchTriggerSchema = v.strictObject({
  type: v.literal("switch"),
  switch: DeviceNameSchema,
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)), 0),
  to: v.picklist(["ON", "OFF", "any"]),
});

/** When door sensor `sensor` (kind `door`) changes to `to` (`any`: either way). */
export const DoorTriggerSchema = v.strictObject({
  type: v.literal("door"),
  sensor: v.pipe(v.string(), v.minLength(1, "choose a door"), v.maxLength(128)),
  to: v.picklist(["open", "closed", "any"]),
});

/** A registry device id (`<source>:<name>`, contract/devices.ts), as automations name a device. */
const DeviceIdSchema = v.pipe(v.string(), v.minLength(3, "choose a device"), v.maxLength(300));
/** A capability's property and endpoint (contract/devices.ts Capability). */
const CapabilityFields = {
  property: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  endpoint: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
};
/** A value a device reports or is set to: text (an enum, a binary's `ON`, an action), a number or a boolean. */
const DeviceValueSchema = v.union([
  v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  v.pipe(v.number(), v.finite()),
  v.boolean(),
]);

/**
 * When device `device` (a registry id) reports its capability `property` (on `endpoint`: Zigbee2MQTT's
 * `<property>_<endpoint>` key) with exactly one of: `equals` a value (a state it changes to, edges
 * only; an `action`, such as a button's `single`, every time it is reported), `above` / `below` a
 * number (a reading crossing it, as the threshold trigger).
 */
export const DeviceTriggerSchema = v.pipe(
  v.strictObject({
    type: v.literal("device"),
    device: DeviceIdSchema,
    ...CapabilityFields,
    equals: v.optional(DeviceValueSchema),
    above: v.optional(v.pipe(v.number(), v.finite())),
    below: v.optional(v.pipe(v.number(), v.finite())),
  }),
  v.check(
    (trigger) => [trigger.equals, trigger.above, trigger.below].filter((value) => value !== undefined).length === 1,
    "give exactly one of equals, above, below",
  ),
);

/** When the doorbell rings (`doorbell/ring`, DESIGN.md §3). */
export const DoorbellTriggerSchema = v.strictObject({ type: v.literal("doorbell") });

/** The fields of a panel's report a panel trigger reads (contract/panels.ts PanelStateSchema). */
export const PANEL_TRIGGER_FIELDS = ["battery", "charging", "visible", "screen", "screenState", "online"] as const;

/**
 * When a panel's report (`panel/<id>/state`) changes: panel `panelId` (absent: any panel, each judged
 * on its own), its `field` with exactly one of `above` / `below` a battery level in % (a level
 * crossing it, as the threshold trigger) or `equals` a value it changes to (`charging`, `visible`,
 * `online`: true/false; `screen`: an in-app path; `screenState`: awake, screensaver, dim, black).
 * Edges only: nothing fires on the first report seen of a panel.
 */
export const PanelTriggerSchema = v.pipe(
  v.strictObject({
    type: v.literal("panel"),
    panelId: v.optional(PanelIdSchema),
    field: v.picklist(PANEL_TRIGGER_FIELDS),
    above: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
    below: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
    equals: v.optional(v.union([v.boolean(), v.pipe(v.string(), v.minLength(1), v.maxLength(200))])),
  }),
  v.check(
    (trigger) => [trigger.equals, trigger.above, trigger.below].filter((value) => value !== undefined).length === 1,
    "give exactly one of equals, above, below",
  ),
  v.check(
    (trigger) =>
      trigger.field === "battery"
        ? trigger.equals === undefined
        : trigger.above === undefined &&
          trigger.below === undefined &&
          (trigger.field === "screen"
            ? typeof trigger.equals === "string" && trigger.equals.startsWith("/")
            : trigger.field === "screenState"
              ? v.is(ScreenStateSchema, trigger.equals)
              : typeof trigger.equals === "boolean"),
    "battery takes above or below; screen an in-app path; screenState a screen state; the others true or false",
  ),
);

/** What starts an automation (besides `POST /automation/{id}/run`). */
export const AutomationTriggerSchema = v.variant("type", [
  TimeTriggerSchema,
  ThresholdTriggerSchema,
  SwitchTriggerSchema,
  DoorTriggerSchema,
  DoorbellTriggerSchema,
  DeviceTriggerSchema,
  PanelTriggerSchema,
]);
export type AutomationTrigger = v.InferOutput<typeof AutomationTriggerSchema>;
export type AutomationTriggerType = AutomationTrigger["type"];

/** Sets relay `relay` (0 = the plain POWER) of switch `switch`, as `POST /switch/{id}/set` does. */
export const SwitchActionSchema = v.strictObject({
  kind: v.literal("switch"),
  switch: DeviceNameSchema,
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)), 0),
  state: SwitchCommandStateSchema,
});

/** Sets light `light` as `POST /light/{id}/set` does: its state and, optionally, brightness (within its range). */
export const LightActionSchema = v.strictObject({
  kind: v.literal("light"),
  light: DeviceNameSchema,
  state: SwitchCommandStateSchema,
  brightness: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000))),
});

/** Sets the heater (spec §3 "Heater config: mode, temperature"); run by the climate domain's executor. */
export const HeaterActionSchema = v.strictObject({
  kind: v.literal("heater"),
  mode: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  temperature: v.optional(v.pipe(v.number(), v.finite(), v.minValue(5), v.maxValue(35))),
});

/** Sets the air conditioning (spec §3 "AC: mode, targetTemperature"); run by the climate domain's executor. */
export const AcActionSchema = v.strictObject({
  kind: v.literal("ac"),
  /** The AC unit's id (`POST /ac/{id}`); absent = the household's only unit. */
  unit: v.optional(DeviceNameSchema),
  mode: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  targetTemperature: v.optional(v.pipe(v.number(), v.finite(), v.minValue(16), v.maxValue(32))),
});

/** Sends IR code `code` of device `device` (spec §3 "IR code: device and code", `POST /ir/send`); run by the IR domain's executor. */
export const IrActionSchema = v.strictObject({
  kind: v.literal("ir"),
  device: DeviceNameSchema,
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});

/** Moves the garage door or the gate (`open`, `close`, `toggle`, `stop`), as `POST /<door>/<action>` does. */
export const GarageMoveActionSchema = v.strictObject({
  kind: v.literal("garage"),
  door: GarageDoorSchema,
  command: GarageActionSchema,
});

/** Publishes `message` on `automation/notify`: every dashboard shows it as a toast. */
export const NotifyActionSchema = v.strictObject({
  kind: v.literal("notify"),
  message: v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(200)),
});

/**
 * Sets capability `property` (on `endpoint`) of registry device `device` to `value` through the device
 * command path (docs/contract.md "Devices": checked against the capability, refused offline); run by
 * the devices domain's executor.
 */
export const DeviceSetActionSchema = v.strictObject({
  kind: v.literal("device.set"),
  device: DeviceIdSchema,
  ...CapabilityFields,
  value: DeviceValueSchema,
});

/**
 * Sends `command` to the panels of `target` (one panel, a room's panels, all) as `POST /panels/commands`
 * does (contract/panels.ts); run by the panels domain's executor.
 */
export const PanelCommandActionSchema = v.strictObject({
  kind: v.literal("panel.command"),
  target: PanelTargetSchema,
  command: PanelCommandBodySchema,
});

/** One step of an automation. */
export const AutomationActionSchema = v.variant("kind", [
  SwitchActionSchema,
  LightActionSchema,
  HeaterActionSchema,
  AcActionSchema,
  IrActionSchema,
  GarageMoveActionSchema,
  NotifyActionSchema,
  DeviceSetActionSchema,
  PanelCommandActionSchema,
]);
export type AutomationAction = v.InferOutput<typeof AutomationActionSchema>;
export type AutomationActionKind = AutomationAction["kind"];
/** Every action kind, in the editor's order. */
export const AUTOMATION_ACTION_KINDS = [
  "switch",
  "light",
  "heater",
  "ac",
  "ir",
  "garage",
  "notify",
  "device.set",
  "panel.command",
] as const satisfies readonly AutomationActionKind[];

/** An automation's name: trimmed, 1..100 characters. */
export const AutomationNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(100));

/** The fields an automation is made of (the body of `POST /automation`). */
const automationFields = {
  name: AutomationNameSchema,
  enabled: v.optional(v.boolean(), true),
  trigger: AutomationTriggerSchema,
  actions: v.pipe(
    v.array(AutomationActionSchema),
    v.minLength(1, "add at least one action"),
    v.maxLength(MAX_AUTOMATION_ACTIONS, `at most ${String(MAX_AUTOMATION_ACTIONS)} actions`),
  ),
};

/** Body of `POST /automation` (spec §7 "body automation"): `{name, enabled?, trigger, actions}`. */
export const AutomationBodySchema = v.strictObject(automationFields);
export type AutomationBody = v.InferOutput<typeof AutomationBodySchema>;
export type AutomationBodyInput = v.InferInput<typeof AutomationBodySchema>;

/** Body of `PATCH /automation/{id}` (spec §7 "body changes"): any of the fields, at least one. */
export const AutomationPatchSchema = v.pipe(
  v.strictObject({
    name: v.optional(AutomationNameSchema),
    enabled: v.optional(v.boolean()),
    trigger: v.optional(AutomationTriggerSchema),
    actions: v.optional(automationFields.actions),
  }),
  v.check(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    "name, enabled, trigger or actions is required",
  ),
);
export type AutomationPatch = v.InferOutput<typeof AutomationPatchSchema>;

/** How one action of a run ended: `done`, `failed` (with the error), or `unavailable` (no executor for its kind on this hub). */
export const ActionOutcomeSchema = v.object({
  kind: v.picklist(AUTOMATION_ACTION_KINDS),
  status: v.picklist(["done", "failed", "unavailable"]),
  error: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
export type ActionOutcome = v.InferOutput<typeof ActionOutcomeSchema>;

/** One run: when (ISO-8601), what started it (`manual` = `POST .../run`, else the trigger type), the outcome per action, `ok` when all were done. */
export const AutomationRunSchema = v.object({
  at: v.pipe(v.string(), v.isoTimestamp()),
  cause: v.picklist(["manual", "time", "threshold", "switch", "door", "doorbell", "device", "panel"]),
  ok: v.boolean(),
  outcomes: v.array(ActionOutcomeSchema),
});
export type AutomationRun = v.InferOutput<typeof AutomationRunSchema>;

/** An automation as the hub answers it: the body's fields, its id, times (ISO-8601) and its last run (null = never run). */
export const AutomationSchema = v.object({
  id: AutomationIdSchema,
  ...automationFields,
  enabled: v.boolean(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  lastRun: v.nullable(AutomationRunSchema),
});
export type Automation = v.InferOutput<typeof AutomationSchema>;

/** `{items: Automation[]}`: `GET /automation`, oldest first. */
export const AutomationsAnswerSchema = itemsOf(AutomationSchema);
export type AutomationsAnswer = v.InferOutput<typeof AutomationsAnswerSchema>;
/** `{item: Automation}`: `POST /automation`, `PATCH /automation/{id}`. */
export const AutomationAnswerSchema = itemOf(AutomationSchema);
export type AutomationAnswer = v.InferOutput<typeof AutomationAnswerSchema>;
/** `{item: {id}}`: `DELETE /automation/{id}`. */
export const AutomationDeletedAnswerSchema = itemOf(v.object({ id: AutomationIdSchema }));
export type AutomationDeletedAnswer = v.InferOutput<typeof AutomationDeletedAnswerSchema>;
/** `{item: AutomationRun}`: `POST /automation/{id}/run`, once every action has ended (a failed action is a 200 with its outcome). */
export const AutomationRunAnswerSchema = itemOf(AutomationRunSchema);
export type AutomationRunAnswer = v.InferOutput<typeof AutomationRunAnswerSchema>;

/** `{items: AutomationRun[]}`: `GET /automation/{id}/runs`, newest first. */
export const AutomationRunsAnswerSchema = itemsOf(AutomationRunSchema);
export type AutomationRunsAnswer = v.InferOutput<typeof AutomationRunsAnswerSchema>;

/** `automation/notify`: a notify action's message (not retained). `id` is unique per message. */
export const AUTOMATION_NOTIFY_TOPIC = "automation/notify";
export const AutomationNotifyPayloadSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  automation: v.pipe(v.string(), v.maxLength(100)),
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  time: v.pipe(v.string(), v.isoTimestamp()),
});
export type AutomationNotifyPayload = v.InferOutput<typeof AutomationNotifyPayloadSchema>;

/** `automation/run`: a run the hub just recorded, `{id, run}` (not retained). */
export const AUTOMATION_RUN_TOPIC = "automation/run";
export const AutomationRunPayloadSchema = v.object({ id: AutomationIdSchema, run: AutomationRunSchema });
export type AutomationRunPayload = v.InferOutput<typeof AutomationRunPayloadSchema>;
