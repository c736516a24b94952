/**
 * The switches and configuration contract as the dashboard uses it: from the shared contract
 * (contract/switches.ts and config.ts), the one the hub answers with.
 */
export { ConfigAnswerSchema as ConfigResponseSchema, ConfigSchema, type Config } from "../../../contract/config";
export {
  PowerPayloadSchema,
  SwitchGroupSchema,
  SwitchSchema,
  SwitchesAnswerSchema as SwitchesResponseSchema,
  type Switch,
  type SwitchGroup,
} from "../../../contract/switches";
