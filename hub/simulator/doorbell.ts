import type { BrokerLink } from "../broker/link";
import type { Doorbell } from "../cameras/household";
import { doorbellDeviceTopic } from "../cameras/doorbell";

/**
 * The demo's doorbell button at the gate, from the device end: `press()` publishes what
 * the real device sends, a Zigbee2MQTT button's `{"action":"single","battery":100,"linkquality":120}`
 * or a Tasmota button's (SetOption73 1) `{"Button1":{"Action":"SINGLE"}}` on `stat/<t>/RESULT`; the
 * hub's doorbell bridge turns it into `doorbell/ring`.
 */
export function simulatedDoorbell(link: BrokerLink, doorbell: Doorbell): { press(): void } {
  return {
    press: () => {
      const payload =
        doorbell.type === "zigbee2mqtt"
          ? { action: doorbell.action, battery: 100, linkquality: 120 }
          : { [`Button${doorbell.button}`]: { Action: "SINGLE" } };
      link.publish(doorbellDeviceTopic(doorbell), JSON.stringify(payload), { retain: false, qos: 0 });
    },
  };
}
