import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import { useFormatValue } from "./format";
import { isPublished, sameValue, SEGMENTED_MAX } from "./model";
import { useCapabilityName } from "./name";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** Props of {@link EnumControl}. */
export type EnumControlProps = { device: DeviceRef; capability: Capability };

/**
 * A settable enum (a climate's `system_mode`, `power_on_behavior`, a light's `effect`): up to
 * {@link SEGMENTED_MAX} values are segmented buttons in a group named by the capability ('Tryb'),
 * the reported one pressed (`aria-pressed`); more values are a select named by it. Choosing one
 * sends it (each value in the app's word when it has one: `heat` 'Grzanie'); a published enum is pending until the device reports it, a write-only one (an action:
 * `effect`, `identify`) until the hub has sent it.
 */
export function EnumControl({ device, capability }: EnumControlProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const { value, gate, reasonId, send } = useCapabilityControl(device, capability);
  const format = useFormatValue();
  // An action's only value may be empty (`selftest: [""]`): the button then says the capability's name.
  const optionText = (option: string | number): string => (option === "" ? name : format(capability, option));
  const values = capability.values ?? [];
  const describedBy = gate.reason === null ? undefined : reasonId;
  const published = isPublished(capability);
  return (
    <div className="capability capability--enum" data-testid={`capability-${capability.property ?? ""}`}>
      <span className="capability__name" aria-hidden="true">
        {name}
      </span>
      {values.length <= SEGMENTED_MAX ? (
        <div className="capability__segments" role="group" aria-label={name} aria-busy={gate.pending || undefined}>
          {values.map((option) => (
            <button
              key={String(option)}
              type="button"
              className="button capability__segment"
              aria-pressed={published ? sameValue(value, option) : undefined}
              aria-describedby={describedBy}
              disabled={gate.disabled}
              {...gateReasonProps(gate)}
              onClick={() => void send(option)}
            >
              {optionText(option)}
            </button>
          ))}
        </div>
      ) : (
        <select
          className="capability__select"
          aria-label={name}
          aria-describedby={describedBy}
          aria-busy={gate.pending || undefined}
          value={
            published && value !== undefined && values.some((option) => sameValue(option, value)) ? String(value) : ""
          }
          disabled={gate.disabled}
          {...gateReasonProps(gate)}
          onChange={(event) => {
            const chosen = values.find((option) => String(option) === event.target.value);
            if (chosen !== undefined) void send(chosen);
          }}
        >
          <option value="" disabled>
            {t("deviceTiles.unknown")}
          </option>
          {values.map((option) => (
            <option key={String(option)} value={String(option)}>
              {optionText(option)}
            </option>
          ))}
        </select>
      )}
      <GateReason id={reasonId} reason={gate.reason} />
    </div>
  );
}
