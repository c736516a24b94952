import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import type { Confirmation } from "./commands";
import { useFormatValue } from "./format";
import { numericBounds, stepped } from "./model";
import { useCapabilityName } from "./name";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** Props of {@link NumericControl}. */
export type NumericControlProps = {
  device: DeviceRef;
  capability: Capability;
  /** `slider` (a range; default when the capability has both value_min and value_max) or `stepper` (− and + by value_step). */
  variant?: "slider" | "stepper";
  /** How a set counts as confirmed (default: the device reports the value sent). */
  confirm?: Confirmation;
};

/**
 * A settable numeric (brightness, colour temperature in mired, a cover's position, a set point):
 * a slider (`<input type="range">` named by the capability, with `value_min`, `value_max`,
 * `value_step`) that sends once on release (pointer up, key up, blur), never on every move; or a
 * stepper: 'Mniej: <name>' / 'Więcej: <name>' buttons moving by `value_step` within the bounds, the
 * value with its unit between them ('21,5 °C'). Presets (`presets`) are quick buttons, named in
 * the app's words where it has them (`neutral`: 'Neutralna'). While a set
 * is on its way the control shows the value sent and is busy (it keeps focus; a move then waits for
 * the next release); the gate disables it while offline, locked or the device is unavailable.
 */
export function NumericControl({ device, capability, variant, confirm }: NumericControlProps) {
  const { t, i18n } = useTranslation();
  const name = useCapabilityName(capability);
  const presetName = (preset: string): string =>
    /^[a-z0-9_]+$/i.test(preset) && i18n.exists(`deviceTiles.presetNames.${preset}`)
      ? t(`deviceTiles.presetNames.${preset}`)
      : preset;
  const format = useFormatValue();
  const { value, gate, reasonId, send } = useCapabilityControl(device, capability);
  const bounds = numericBounds(capability);
  const [draft, setDraft] = useState<number | null>(null);
  const current = typeof value === "number" ? value : null;
  const shown = draft ?? current;
  const kind = variant ?? (bounds.min !== undefined && bounds.max !== undefined ? "slider" : "stepper");
  const describedBy = gate.reason === null ? undefined : reasonId;

  const commit = (next: number) => {
    if (gate.pending) return;
    if (gate.disabled || next === current) {
      setDraft(null);
      return;
    }
    setDraft(next);
    void send(next, confirm).finally(() => setDraft(null));
  };

  return (
    <div className="capability capability--numeric" data-testid={`capability-${capability.property ?? ""}`}>
      <span className="capability__name">{name}</span>
      {kind === "slider" ? (
        <div className="capability__slider">
          <input
            type="range"
            aria-label={name}
            aria-describedby={describedBy}
            aria-valuetext={format(capability, shown)}
            aria-busy={gate.pending || undefined}
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={shown ?? bounds.min ?? 0}
            disabled={gate.disabled}
            {...gateReasonProps(gate)}
            onChange={(event) => setDraft(Number(event.target.value))}
            onPointerUp={(event) => commit(Number(event.currentTarget.value))}
            onKeyUp={(event) => commit(Number(event.currentTarget.value))}
            onBlur={() => draft !== null && commit(draft)}
          />
          <output className="capability__reading">{format(capability, shown)}</output>
        </div>
      ) : (
        <div className="capability__stepper" role="group" aria-label={name}>
          <button
            type="button"
            className="button capability__step"
            aria-label={t("deviceTiles.decrease", { name })}
            aria-describedby={describedBy}
            disabled={gate.disabled || shown === null || (bounds.min !== undefined && shown <= bounds.min)}
            {...gateReasonProps(gate)}
            onClick={() => shown !== null && commit(stepped(shown, -1, bounds))}
          >
            <Minus aria-hidden="true" size={20} />
          </button>
          <output className="capability__reading" aria-live="polite" aria-busy={gate.pending || undefined}>
            {format(capability, shown)}
          </output>
          <button
            type="button"
            className="button capability__step"
            aria-label={t("deviceTiles.increase", { name })}
            aria-describedby={describedBy}
            disabled={gate.disabled || shown === null || (bounds.max !== undefined && shown >= bounds.max)}
            {...gateReasonProps(gate)}
            onClick={() => shown !== null && commit(stepped(shown, 1, bounds))}
          >
            <Plus aria-hidden="true" size={20} />
          </button>
        </div>
      )}
      {capability.presets && capability.presets.length > 0 ? (
        <div className="capability__presets" role="group" aria-label={t("deviceTiles.presets", { name })}>
          {capability.presets.map((preset) => (
            <button
              key={preset.name}
              type="button"
              className="button capability__preset"
              aria-pressed={preset.value === current}
              disabled={gate.disabled || typeof preset.value !== "number"}
              {...gateReasonProps(gate)}
              onClick={() => typeof preset.value === "number" && commit(preset.value)}
            >
              {presetName(preset.name)}
            </button>
          ))}
        </div>
      ) : null}
      <GateReason id={reasonId} reason={gate.reason} />
    </div>
  );
}
