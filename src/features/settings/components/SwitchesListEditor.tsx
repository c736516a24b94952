import { X } from "lucide-react";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { settingValueIssue, unknownSwitchIssue, type SwitchesListValue } from "../../../../contract/settingValues";
import { configAtom } from "../../../platform/config";
import { switchesAtom } from "../../switches";
import { optionLabel, type SwitchOption } from "../options";
import { useSettingSave } from "../useSettingSave";
import { SaveRow } from "./SaveRow";
import { SwitchAdder } from "./SwitchAdder";

/**
 * Why `groups` cannot be saved as `switchesList`, in the hub's words (settingValueIssue: blank or
 * repeated group names, an item twice in a group, a malformed item), or an item naming no switch of
 * `knownNames` (`value.0.items.1: unknown switch`); null when the hub would take it.
 */
export function switchesListProblem(groups: SwitchesListValue, knownNames: ReadonlySet<string>): string | null {
  return (
    settingValueIssue("switchesList", groups) ??
    unknownSwitchIssue("switchesList", groups, (item) =>
      knownNames.has(item.split("/")[0] ?? "") ? null : "unknown switch",
    )
  );
}

/** Props of {@link GroupEditor}. */
type GroupEditorProps = {
  group: SwitchesListValue[number];
  options: readonly SwitchOption[];
  onChange: (group: SwitchesListValue[number]) => void;
  onRemove: () => void;
};

/** One group: its name (renamed in place), its items with 'Usuń', and a select of the switches to add. */
function GroupEditor({ group, options, onChange, onRemove }: GroupEditorProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const shownName = group.name.trim() || "—";
  return (
    <li className="setting-group">
      <div className="setting-group__head">
        <div className="settings-select setting-group__name">
          <label htmlFor={nameId} className="settings-select__label">
            {t("settings.groupName")}
          </label>
          <input
            id={nameId}
            className="field__input settings-select__input"
            value={group.name}
            maxLength={200}
            onChange={(event) => onChange({ ...group, name: event.currentTarget.value })}
          />
        </div>
        <button type="button" className="button button--danger setting-group__remove" onClick={onRemove}>
          {t("settings.removeGroup", { name: shownName })}
        </button>
      </div>
      {group.items.length === 0 ? (
        <p className="muted">{t("settings.groupEmpty")}</p>
      ) : (
        <ul className="setting-order" aria-label={t("settings.groupItems", { name: shownName })}>
          {group.items.map((item) => {
            const label = optionLabel(options, item);
            return (
              <li key={item} className="setting-order__item">
                <span className="setting-order__label">{label}</span>
                <button
                  type="button"
                  className="button icon-button"
                  aria-label={t("settings.remove", { label })}
                  onClick={() => onChange({ ...group, items: group.items.filter((other) => other !== item) })}
                >
                  <X aria-hidden="true" size={20} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <SwitchAdder
        options={options}
        chosen={group.items}
        onAdd={(item) => onChange({ ...group, items: [...group.items, item] })}
      />
    </li>
  );
}

/** Props of {@link SwitchesListEditor}. */
export type SwitchesListEditorProps = { options: readonly SwitchOption[] };

/**
 * The editor of `switchesList` (spec §3: groups with items 'name' or 'name/relayNumber'):
 * add, rename and remove groups, add and remove items. Checked as the hub checks it (group names
 * not blank and different, each item once per group, known switches) with the problem shown and
 * 'Zapisz' disabled until fixed; saved with PATCH /settings, after which the switches screen uses
 * the new groups at once. Starts from the groups GET /config answered.
 */
export function SwitchesListEditor({ options }: SwitchesListEditorProps) {
  const { t } = useTranslation();
  const stored = useAtomValue(configAtom)?.switchesList ?? [];
  const switches = useAtomValue(switchesAtom);
  const [draft, setDraft] = useState<SwitchesListValue | null>(null);
  const [newName, setNewName] = useState("");
  const saving = useSettingSave("switchesList");
  const newNameId = useId();
  const groups = draft ?? stored;
  const edit = (next: SwitchesListValue) => {
    setDraft(next);
    saving.reset();
  };
  const knownNames = new Set((switches ?? []).map((item) => item.name));
  const unchanged = draft === null || JSON.stringify(draft) === JSON.stringify(stored);
  if (draft !== null && unchanged) setDraft(null);
  const cleaned = groups.map((group) => ({ ...group, name: group.name.trim() }));

  return (
    <div className="setting-editor">
      <ul className="setting-groups">
        {groups.map((group, index) => (
          <GroupEditor
            key={index}
            group={group}
            options={options}
            onChange={(next) => edit(groups.map((other, at) => (at === index ? next : other)))}
            onRemove={() => edit(groups.filter((_, at) => at !== index))}
          />
        ))}
      </ul>
      <div className="setting-add">
        <label htmlFor={newNameId} className="setting-add__label">
          {t("settings.newGroupName")}
        </label>
        <div className="setting-add__row">
          <input
            id={newNameId}
            className="field__input setting-add__select"
            value={newName}
            maxLength={200}
            onChange={(event) => setNewName(event.currentTarget.value)}
          />
          <button
            type="button"
            className="button"
            disabled={newName.trim() === ""}
            onClick={() => {
              edit([...groups, { name: newName.trim(), items: [] }]);
              setNewName("");
            }}
          >
            {t("settings.addGroup")}
          </button>
        </div>
      </div>
      <SaveRow
        state={saving}
        problem={switchesListProblem(cleaned, knownNames)}
        unchanged={unchanged}
        onSave={() => void saving.save(cleaned)}
      />
    </div>
  );
}
