/**
 * The switches and configuration contract as the dashboard uses it: from the shared contract
 * (src/shared/contract/switches.ts and config.ts), the one the hub answers with.
 */
export { ConfigAnswerSchema as ConfigResponseSchema, ConfigSchema, type Config } from "../../shared/contract/config";
export {
  PowerPayloadSchema,
  SwitchGroupSchema,
  SwitchSchema,
  SwitchesAnswerSchema as SwitchesResponseSchema,
  type Switch,
  type SwitchGroup,
} from "../../shared/contract/switches";
