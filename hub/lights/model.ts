import type { LightFeatures } from "../../contract/lights";

/**
 * Where a Zigbee2MQTT light's properties are: the exposes' `property` names (endpoint-suffixed on
 * a multi-endpoint device: `state_l2`, `brightness_l2`, `color_l2`); absent = not supported.
 */
export interface Zigbee2MqttProperties {
  state?: string;
  brightness?: string;
  color?: string;
  colorTemp?: string;
  /** `color_mode` or `color_mode_<endpoint>` (read from the state, never sent). */
  colorMode: string;
}

/**
 * A light the hub knows: its published features (the contract's shape, without label and room
 * until the household names it) and how to reach it.
 */
export type LightModel =
  | { features: LightFeatures; target: { kind: "zigbee2mqtt"; device: string; properties: Zigbee2MqttProperties } }
  | { features: LightFeatures; target: { kind: "tasmota"; device: string } };
