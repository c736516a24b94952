import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type * as v from "valibot";
import type { PanelCommandBodySchema, PanelTargetSchema } from "../../../../contract/panels";
import { SelectField } from "../../../ui/SelectField";
import { TextField } from "../../../ui/TextField";
import { ToggleField } from "../../../ui/ToggleField";
import { ScreenSuggestions } from "../../../platform/preferences/components/ScreenSuggestions";
import { camerasAtom } from "../../cameras";

/** A panel command as a form holds it (contract/panels.ts PanelCommandBodySchema's input). */
export type PanelCommandInput = v.InferInput<typeof PanelCommandBodySchema>;
/** A command's target as a form holds it (contract/panels.ts PanelTargetSchema's input). */
export type PanelTargetInput = v.InferInput<typeof PanelTargetSchema>;
/** The command types, in the form's order. */
export const PANEL_COMMAND_TYPES = ["navigate", "camera", "notify", "reload", "screen", "lock"] as const;

/** A new command of `type`, filled with the first camera for a camera popup (30 s). */
export function defaultPanelCommand(type: PanelCommandInput["type"], firstCamera = ""): PanelCommandInput {
  switch (type) {
    case "navigate":
      return { type, to: "/" };
    case "camera":
      return { type, cameraId: firstCamera, seconds: 30 };
    case "notify":
      return { type, text: "", sound: true, speak: false };
    case "screen":
      return { type, mode: "wake" };
    case "reload":
    case "lock":
      return { type };
  }
}

/** An empty number input is undefined, anything else its number (NaN fails the schema). */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** Props of {@link PanelCommandFields}. */
export type PanelCommandFieldsProps = {
  command: PanelCommandInput;
  onChange: (command: PanelCommandInput) => void;
  /** The error text of a field of the command (`to`, `cameraId`, `seconds`, `text`), or undefined. */
  errorOf?: (field: string) => string | undefined;
};

/**
 * The fields of a panel command ('Polecenie'): its type, then by type the screen's path
 * ('Przejdź do ekranu', with the app's screens suggested), the camera and seconds ('Pokaż kamerę'), the text with 'Z dźwiękiem' and
 * 'Przeczytaj na głos' ('Powiadomienie'), what to do with the screen ('Ekran'); 'Przeładuj stronę'
 * and 'Zablokuj sesję' have none. Used by the menu's 'Wyślij polecenie' and the automation action.
 */
export function PanelCommandFields({ command, onChange, errorOf = () => undefined }: PanelCommandFieldsProps) {
  const { t } = useTranslation();
  const cameras = useAtomValue(camerasAtom) ?? [];
  const screensId = useId();
  return (
    <>
      <SelectField
        label={t("panels.command.type")}
        options={PANEL_COMMAND_TYPES.map((type) => ({ value: type, label: t(`panels.command.${type}`) }))}
        value={command.type}
        onChange={(event) =>
          onChange(defaultPanelCommand(event.target.value as PanelCommandInput["type"], cameras[0]?.id ?? ""))
        }
      />
      {command.type === "navigate" && (
        <>
          <TextField
            label={t("panels.command.to")}
            maxLength={200}
            list={screensId}
            value={command.to}
            error={errorOf("to")}
            onChange={(event) => onChange({ ...command, to: event.target.value })}
          />
          <ScreenSuggestions id={screensId} />
        </>
      )}
      {command.type === "camera" && (
        <>
          <SelectField
            label={t("panels.command.cameraId")}
            options={[
              { value: "", label: t("panels.target.choose") },
              ...cameras.map((camera) => ({ value: camera.id, label: camera.label })),
              ...(command.cameraId !== "" && !cameras.some((camera) => camera.id === command.cameraId)
                ? [{ value: command.cameraId, label: command.cameraId }]
                : []),
            ]}
            value={command.cameraId}
            error={errorOf("cameraId")}
            onChange={(event) => onChange({ ...command, cameraId: event.target.value })}
          />
          <TextField
            type="number"
            min={5}
            max={600}
            inputMode="numeric"
            label={t("panels.command.seconds")}
            value={Number.isNaN(command.seconds) ? "" : String(command.seconds)}
            error={errorOf("seconds")}
            onChange={(event) => onChange({ ...command, seconds: numberOf(event.target.value) })}
          />
        </>
      )}
      {command.type === "notify" && (
        <>
          <TextField
            label={t("panels.command.text")}
            maxLength={300}
            value={command.text}
            error={errorOf("text")}
            onChange={(event) => onChange({ ...command, text: event.target.value })}
          />
          <ToggleField
            label={t("panels.command.sound")}
            checked={command.sound ?? true}
            onChange={(sound) => onChange({ ...command, sound })}
          />
          <ToggleField
            label={t("panels.command.speak")}
            checked={command.speak ?? false}
            onChange={(speak) => onChange({ ...command, speak })}
          />
        </>
      )}
      {command.type === "screen" && (
        <SelectField
          label={t("panels.command.mode")}
          options={(["dim", "off", "wake"] as const).map((mode) => ({
            value: mode,
            label: t(`panels.command.modes.${mode}`),
          }))}
          value={command.mode}
          onChange={(event) => onChange({ ...command, mode: event.target.value as "dim" | "off" | "wake" })}
        />
      )}
    </>
  );
}

/** Props of {@link PanelTargetFields}. */
export type PanelTargetFieldsProps = {
  target: PanelTargetInput;
  onChange: (target: PanelTargetInput) => void;
  /** The household's panels (GET /panels) to choose from. */
  panels: readonly { id: string; name: string; room?: string | undefined }[];
  errorOf?: (field: string) => string | undefined;
};

/** Whom a command goes to ('Do kogo'): one panel (by name), a room's panels (the rooms the panels are in), all panels. */
export function PanelTargetFields({ target, onChange, panels, errorOf = () => undefined }: PanelTargetFieldsProps) {
  const { t } = useTranslation();
  const rooms = [...new Set(panels.flatMap((panel) => (panel.room ? [panel.room] : [])))];
  const choose = { value: "", label: t("panels.target.choose") };
  return (
    <>
      <SelectField
        label={t("panels.target.to")}
        options={(["panel", "room", "all"] as const).map((to) => ({ value: to, label: t(`panels.target.${to}`) }))}
        value={target.to}
        onChange={(event) => {
          const to = event.target.value as PanelTargetInput["to"];
          onChange(
            to === "panel"
              ? { to, panelId: panels[0]?.id ?? "" }
              : to === "room"
                ? { to, room: rooms[0] ?? "" }
                : { to: "all" },
          );
        }}
      />
      {target.to === "panel" && (
        <SelectField
          label={t("panels.target.panelId")}
          options={[choose, ...panels.map((panel) => ({ value: panel.id, label: panel.name }))]}
          value={target.panelId}
          error={errorOf("panelId")}
          onChange={(event) => onChange({ to: "panel", panelId: event.target.value })}
        />
      )}
      {target.to === "room" && (
        <SelectField
          label={t("panels.target.room_name")}
          options={[choose, ...rooms.map((room) => ({ value: room, label: room }))]}
          value={target.room}
          error={errorOf("room")}
          onChange={(event) => onChange({ to: "room", room: event.target.value })}
        />
      )}
    </>
  );
}
