import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CAPABILITY_LIMITS, type Capability } from "../../../../contract/devices";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import { useCapabilityName } from "./name";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** Props of {@link TextControl}. */
export type TextControlProps = { device: DeviceRef; capability: Capability };

/**
 * A settable text (a light's `effect_color`): a text field named by the capability, filled with the
 * reported value, and 'Ustaw', which sends what is typed (at most 128 characters). A text that
 * cannot be set is a ReadOnlyValue instead.
 */
export function TextControl({ device, capability }: TextControlProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const { value, gate, reasonId, send } = useCapabilityControl(device, capability);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (typeof value === "string" ? value : "");
  return (
    <form
      className="capability capability--text"
      data-testid={`capability-${capability.property ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send(shown).finally(() => setText(null));
      }}
    >
      <label className="capability__name">
        {name}
        <input
          type="text"
          value={shown}
          maxLength={CAPABILITY_LIMITS.name}
          aria-describedby={gate.reason === null ? undefined : reasonId}
          disabled={gate.disabled}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="button"
        disabled={gate.disabled}
        aria-busy={gate.pending || undefined}
        {...gateReasonProps(gate)}
      >
        {t("deviceTiles.send")}
      </button>
      <GateReason id={reasonId} reason={gate.reason} />
    </form>
  );
}
