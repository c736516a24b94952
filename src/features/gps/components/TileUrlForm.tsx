import { useAtomValue, useSetAtom } from "jotai";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { GpsTileUrlSchema } from "../../../../contract/gps";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { gpsTileUrlAtom } from "../atoms";
import { saveTileUrlCommand } from "../commands";

/**
 * The map's tile server (setting `gpsTileUrl`, PATCH /settings; none by default): a URL template
 * checked with the contract's schema before it is sent (the hub checks it again). Empty = no map.
 * Disabled while offline or locked.
 */
export function TileUrlForm() {
  const { t } = useTranslation();
  const id = useId();
  const saved = useAtomValue(gpsTileUrlAtom);
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const gate = useCommandGate({ key: "gps:tileUrl" });
  const { disabled, pending } = gate;
  const save = useSetAtom(saveTileUrlCommand);
  const value = draft ?? saved ?? "";
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed !== "" && !v.is(GpsTileUrlSchema, trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const outcome = await save(trimmed === "" ? null : trimmed);
    if (outcome.status === "done") setDraft(null);
  };
  return (
    <form className="gps-tile-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <label htmlFor={id} className="gps-tile-form__label">
        {t("gps.tileUrl")}
      </label>
      <p id={`${id}-hint`} className="muted gps-tile-form__hint">
        {t("gps.tileUrlHint")}
      </p>
      <div className="gps-tile-form__row">
        <input
          id={id}
          type="url"
          inputMode="url"
          className="gps-tile-form__input"
          value={value}
          placeholder="https://…/{z}/{x}/{y}.png"
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          disabled={disabled}
        />
        <button type="submit" className="button" disabled={disabled} {...gateReasonProps(gate)}>
          {pending ? t("gps.saving") : t("gps.save")}
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t("gps.tileUrlInvalid")}
        </p>
      )}
    </form>
  );
}
