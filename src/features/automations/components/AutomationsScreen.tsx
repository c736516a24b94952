import { useAtom, useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_AUTOMATIONS, type Automation } from "../../../../contract/automations";
import type { Sensor } from "../../../../contract/sensors";
import { EmptyState } from "../../../ui/EmptyState";
import { devicesAtom, useDevicesFollowRevision } from "../../devices";
import { allLightsAtom } from "../../lights";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { switchesAtom } from "../../switches";
import { panelsAtom } from "../../panels";
import { camerasAtom } from "../../cameras";
import { automationsAtom } from "../atoms";
import type { EditorChoices } from "../defaults";
import { useDeviceWords } from "../deviceWords";
import { AutomationEditor } from "./AutomationEditor";
import { AutomationItem } from "./AutomationItem";
import "./automations.css";

/** Props of {@link AutomationsScreen}: what the route loaded (the automations and the household's sensors). */
export type AutomationsScreenProps = { loaded: readonly Automation[]; sensors: readonly Sensor[] };

/**
 * The automations screen (/automations): 'Dodaj automatyzację' and the list (each with its
 * trigger in words, enabled toggle, last run and result, 'Uruchom', 'Edytuj', 'Usuń'), or the editor
 * in its place while one is edited. At the household's cap (MAX_AUTOMATIONS) 'Dodaj automatyzację'
 * is disabled and says why. The list lives in automationsAtom: the route's answer seeds it,
 * the commands and the live `automation/run` keep it current. Devices (for device triggers and
 * actions, and their words) are the session's GET /devices, refetched when `devices/revision` changes.
 */
export function AutomationsScreen({ loaded, sensors }: AutomationsScreenProps) {
  const { t } = useTranslation();
  const [list, setList] = useAtom(automationsAtom);
  const switches = useAtomValue(switchesAtom) ?? [];
  const lights = useAtomValue(allLightsAtom);
  const devices = useAtomValue(devicesAtom);
  const deviceWords = useDeviceWords(devices);
  const panels = useAtomValue(panelsAtom) ?? [];
  const cameras = useAtomValue(camerasAtom) ?? [];
  useDevicesFollowRevision();
  const gate = useCommandGate();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  useEffect(() => setList(loaded), [loaded, setList]);
  const automations = list ?? loaded;
  const full = automations.length >= MAX_AUTOMATIONS;
  const choices: EditorChoices = {
    sensors,
    switches,
    lights: lights.map((light) => ({ id: light.id, label: light.label })),
    devices: devices ?? [],
    deviceWords,
    panels,
    cameras,
  };

  if (editing) {
    const automation = editing.id === undefined ? undefined : automations.find((item) => item.id === editing.id);
    return (
      <AutomationEditor
        key={editing.id ?? "new"}
        automation={automation}
        choices={choices}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <>
      <div className="automations__toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={gate.disabled || full}
          {...gateReasonProps(gate)}
          aria-describedby={full ? "automations-full" : undefined}
          onClick={() => setEditing({})}
        >
          {t("automations.add")}
        </button>
        {full && (
          <p className="muted" id="automations-full">
            {t("automations.limitReached", { limit: MAX_AUTOMATIONS })}
          </p>
        )}
      </div>
      {automations.length === 0 ? (
        <EmptyState title={t("automations.none")} hint={t("automations.noneHint")} />
      ) : (
        <ul className="automations" aria-label={t("automations.title")}>
          {automations.map((automation) => (
            <AutomationItem
              key={automation.id}
              automation={automation}
              names={choices}
              onEdit={() => setEditing({ id: automation.id })}
            />
          ))}
        </ul>
      )}
    </>
  );
}
