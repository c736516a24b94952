import {
  AUTOMATION_NOTIFY_TOPIC,
  AUTOMATION_RUN_TOPIC,
  AutomationNotifyPayloadSchema,
  AutomationRunPayloadSchema,
} from "../../../contract/automations";
import { liveFamily } from "../../platform/live/family";

/** `automation/notify`: the last notify action's message (a toast on every screen). */
export const automationNotice = liveFamily({
  pattern: AUTOMATION_NOTIFY_TOPIC,
  schema: AutomationNotifyPayloadSchema,
  map: (payload) => payload,
});

/** `automation/run`: the last run the hub recorded, `{id, run}` (the list's last run follows it). */
export const automationRunNotice = liveFamily({
  pattern: AUTOMATION_RUN_TOPIC,
  schema: AutomationRunPayloadSchema,
  map: (payload) => payload,
});
