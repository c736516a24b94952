import { useId } from "react";
import type { Capability } from "../../../../contract/devices";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import { useFormatValue } from "./format";
import { sameValue, toggledValue } from "./model";
import { useCapabilityName } from "./name";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** Props of {@link BinaryControl}. */
export type BinaryControlProps = { device: DeviceRef; capability: Capability };

/**
 * A settable binary (a plug's or relay's `state`, a light's on/off, `child_lock`): a real switch
 * (`role="switch"`, `aria-checked` when the device reports `value_on`) named by the capability
 * ('Stan', 'Stan (l2)'), showing the reported value in words. A press sends the other value
 * (`value_off` when on, else `value_on`) and shows pending until the device reports it; disabled by
 * the command gate (offline, locked, device unavailable: its reason is the description).
 */
export function BinaryControl({ device, capability }: BinaryControlProps) {
  const name = useCapabilityName(capability);
  const format = useFormatValue();
  const { value, gate, reasonId, send } = useCapabilityControl(device, capability);
  const wordId = useId();
  const nameId = useId();
  const on = sameValue(value, capability.value_on ?? true);
  return (
    <div className="capability capability--binary" data-testid={`capability-${capability.property ?? ""}`}>
      <button
        type="button"
        role="switch"
        className="capability__switch"
        aria-checked={on}
        aria-labelledby={nameId}
        aria-describedby={gate.reason === null ? wordId : `${wordId} ${reasonId}`}
        aria-busy={gate.pending || undefined}
        data-pending={gate.pending || undefined}
        disabled={gate.disabled}
        {...gateReasonProps(gate)}
        onClick={() => void send(toggledValue(capability, value))}
      >
        <span className="capability__name" id={nameId}>
          {name}
        </span>
        <span className="capability__reading" id={wordId} aria-hidden="true">
          {format(capability, value)}
        </span>
        <span className="capability__track" aria-hidden="true" data-on={on} />
      </button>
      <GateReason id={reasonId} reason={gate.reason} />
    </div>
  );
}
