import * as v from "valibot";
import { AcModeSchema, HeaterModeSchema } from "../../contract/climate";
import type { AcService } from "../climate/ac-service";
import type { Heater } from "../climate/heater";
import type { IrService } from "../ir/service";
import type { ActionRunner } from "./runner";

/** The AC unit an action means: its `unit`, or the household's only unit. */
function acUnit(unit: string | undefined, units: readonly string[]): string | undefined {
  return unit ?? (units.length === 1 ? units[0] : undefined);
}

/** `heater` -> Heater.setMode (+ setConfig for a temperature); saved only while there is a heater, with one of its modes. */
export function registerHeaterExecutor(runner: ActionRunner, deps: { heater: Heater }): ActionRunner {
  const { heater } = deps;
  return runner.register(
    "heater",
    async (action) => {
      if (action.temperature !== undefined) await heater.setConfig({ temperature: action.temperature });
      await heater.setMode(v.parse(HeaterModeSchema, action.mode));
    },
    (action) => {
      if (!heater.present()) return ["kind", "no heater in this household"];
      return v.is(HeaterModeSchema, action.mode)
        ? null
        : ["mode", `must be one of ${HeaterModeSchema.options.join(", ")}`];
    },
  );
}

/** `ac` -> AcService.set (Tasmota IRHVAC); saved only for a unit of the household (or its only one) and a mode it has. */
export function registerAcExecutor(
  runner: ActionRunner,
  deps: { ac: AcService; acUnits: readonly string[] },
): ActionRunner {
  const { ac, acUnits } = deps;
  return runner.register(
    "ac",
    async (action) => {
      const unit = acUnit(action.unit, acUnits);
      if (unit === undefined) throw new Error("no such AC unit");
      await ac.set(unit, {
        mode: v.parse(AcModeSchema, action.mode),
        ...(action.targetTemperature !== undefined ? { targetTemperature: action.targetTemperature } : {}),
      });
    },
    (action) => {
      if (acUnit(action.unit, acUnits) === undefined || (action.unit !== undefined && !acUnits.includes(action.unit)))
        return ["unit", "no such AC unit in this household"];
      return v.is(AcModeSchema, action.mode) ? null : ["mode", `must be one of ${AcModeSchema.options.join(", ")}`];
    },
  );
}

/** `ir` -> IrService.send (Tasmota IRSend); saved only for a code learned on that device. */
export function registerIrExecutor(runner: ActionRunner, deps: { ir: IrService }): ActionRunner {
  const { ir } = deps;
  return runner.register(
    "ir",
    async (action) => {
      await ir.send(action.device, action.code);
    },
    (action) =>
      ir.state(action.device).codes.some((code) => code.name === action.code)
        ? null
        : ["code", "no such learned code on this device"],
  );
}

/**
 * Registers the heater, AC and IR executors on `runner`, each calling the same service function as
 * its HTTP route. Each check names the field an automation cannot carry out in this household (400
 * when saved): a mode the device does not have, an AC unit that is not there, an IR code not learned.
 */
export function registerDeviceExecutors(
  runner: ActionRunner,
  deps: { heater: Heater; ac: AcService; acUnits: readonly string[]; ir: IrService },
): ActionRunner {
  registerHeaterExecutor(runner, deps);
  registerAcExecutor(runner, deps);
  return registerIrExecutor(runner, deps);
}
