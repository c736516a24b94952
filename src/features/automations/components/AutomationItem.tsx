import { useSetAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Automation } from "../../../../contract/automations";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ToggleField } from "../../../ui/ToggleField";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { deleteAutomationCommand, runAutomationCommand, setAutomationEnabledCommand } from "../commands";
import { describeAction, describeTrigger, type HouseholdNames } from "../describe";
import { LastRun } from "./LastRun";

/** Props of {@link AutomationItem}. */
export type AutomationItemProps = { automation: Automation; names: HouseholdNames; onEdit: () => void };

/**
 * One automation of the list: its name, its trigger and actions in words, the enabled toggle, the
 * last run's time and result (with the outcome of each action that did not succeed), and 'Uruchom',
 * 'Edytuj', 'Usuń' (confirmed). Every control is disabled while offline or locked, and while its
 * command is on its way.
 */
export function AutomationItem({ automation, names, onEdit }: AutomationItemProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const gate = useCommandGate();
  const { disabled } = gate;
  const changeGate = useCommandGate({ key: `automation:${automation.id}` });
  const runGate = useCommandGate({ key: `automation-run:${automation.id}` });
  const busy = changeGate.pending;
  const running = runGate.pending;
  const setEnabled = useSetAtom(setAutomationEnabledCommand);
  const run = useSetAtom(runAutomationCommand);
  const remove = useSetAtom(deleteAutomationCommand);
  const { name } = automation;
  return (
    <li className="automation" aria-labelledby={`automation-${automation.id}`} data-testid="automation">
      <div className="automation__head">
        <h2 className="automation__name" id={`automation-${automation.id}`}>
          {name}
        </h2>
        <p className="automation__trigger">{describeTrigger(t, automation.trigger, names)}</p>
        <ol className="automation__steps" aria-label={t("automations.steps.label")}>
          {automation.actions.map((action, index) => (
            <li key={index}>{describeAction(t, action, names)}</li>
          ))}
        </ol>
      </div>
      <ToggleField
        label={t("automations.enabled")}
        checked={automation.enabled}
        disabled={changeGate.disabled}
        title={changeGate.reason ?? undefined}
        stateText={{ on: t("automations.switchTo.ON"), off: t("automations.switchTo.OFF") }}
        onChange={(enabled) => void setEnabled({ id: automation.id, enabled })}
      />
      <LastRun run={automation.lastRun} />
      <div className="automation__actions">
        <button
          type="button"
          className="button button--primary"
          aria-label={t("automations.runLabel", { name })}
          disabled={runGate.disabled}
          {...gateReasonProps(runGate)}
          aria-busy={running || undefined}
          onClick={() => void run({ id: automation.id })}
        >
          {t("automations.run")}
        </button>
        <button
          type="button"
          className="button"
          aria-label={t("automations.editLabel", { name })}
          disabled={disabled}
          {...gateReasonProps(gate)}
          onClick={onEdit}
        >
          {t("automations.edit")}
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={t("automations.deleteLabel", { name })}
          disabled={changeGate.disabled}
          {...gateReasonProps(changeGate)}
          onClick={() => setConfirming(true)}
        >
          {t("automations.delete")}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("automations.deleteTitle", { name })}
        message={t("automations.deleteMessage")}
        confirmLabel={t("automations.delete")}
        cancelLabel={t("automations.cancel")}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void remove({ id: automation.id }).then(() => setConfirming(false));
        }}
      />
    </li>
  );
}
