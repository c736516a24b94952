import { useAtom, useAtomValue } from "jotai";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { PanelCommandsBodySchema, type Panel, type PanelPatchBody } from "../../../../contract/panels";
import { commandEnvAtom } from "../../../platform/commands";
import { nowAtom } from "../../../platform/clock/atoms";
import { localeAtom } from "../../../platform/preferences/atoms";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { TextField } from "../../../ui/TextField";
import { deletePanel, fetchPanels, patchPanel, sendPanelCommand } from "../api";
import { panelsAtom, thisPanelAtom, thisPanelIdAtom, withPanel } from "../atoms";
import { panelsRevision } from "../live";
import { PanelCommandFields, defaultPanelCommand, type PanelCommandInput } from "./PanelCommandFields";
import { PanelProfileEditor, type CarSectionChoice } from "./PanelProfileEditor";
import "./panels.css";

/**
 * Props of {@link PanelsMenu}: home's section ids and the car dashboard's places (sections and single
 * adopted devices), each in the app's order, for the profile editor.
 */
export type PanelsMenuProps = { sections: readonly string[]; carSections: readonly CarSectionChoice[] };

/** The time of day (or date and time when not today) a panel went offline, in the app's locale. */
function offlineTime(at: number, now: number, locale: "pl" | "en"): string {
  const tag = locale === "en" ? "en-GB" : "pl-PL";
  const when = new Date(at);
  const sameDay = new Date(now).toDateString() === when.toDateString();
  return sameDay
    ? when.toLocaleTimeString(tag, { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Warsaw" })
    : when.toLocaleString(tag, {
        day: "numeric",
        month: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Europe/Warsaw",
      });
}

/**
 * The panels in the menu: 'Ten panel' (this browser's name and room, PATCH /panels/{id}) and 'Panele
 * domu' (GET /panels, again whenever `panels/revision` changes): each panel's name, room, online or
 * 'offline od …', when it was last seen, its screen, battery and screen state, with 'Wyślij polecenie'
 * (a command to that panel: PanelCommandFields, POST /panels/commands), 'Profil' (PanelProfileEditor)
 * and, on every panel but this one, 'Usuń panel' (after a confirmation dialog, DELETE /panels/{id};
 * the panel leaves the list at once).
 */
export function PanelsMenu({ sections, carSections }: PanelsMenuProps) {
  const { t } = useTranslation();
  const env = useAtomValue(commandEnvAtom);
  const [panels, setPanels] = useAtom(panelsAtom);
  const thisId = useAtomValue(thisPanelIdAtom);
  const [thisPanel, setThisPanel] = useAtom(thisPanelAtom);
  const revision = useAtomValue(panelsRevision());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<{ id: string; what: "send" | "profile" } | null>(null);
  const [removing, setRemoving] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!env) return;
    let cancelled = false;
    fetchPanels(env.api.general).then(
      (items) => {
        if (cancelled) return;
        setFailed(false);
        setPanels(items);
        const own = items.find((item) => item.id === thisId);
        if (own) setThisPanel(own);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [env, revision, attempt, thisId, setPanels, setThisPanel]);

  const patch = async (id: string, body: PanelPatchBody): Promise<boolean> => {
    if (!env) return false;
    try {
      const saved = await patchPanel(env.api.general, id, body);
      setPanels((list) => withPanel(list, saved));
      if (saved.id === thisId) setThisPanel(saved);
      env.notify(t("panels.saved"), "info");
      return true;
    } catch {
      env.notify(t("panels.saveFailed"));
      return false;
    }
  };

  const remove = async (panel: Panel) => {
    if (!env) return;
    setBusy(true);
    try {
      await deletePanel(env.api.general, panel.id);
      setPanels((list) => (list ?? []).filter((item) => item.id !== panel.id));
      if (open?.id === panel.id) setOpen(null);
      env.notify(t("panels.removed"), "info");
    } catch {
      env.notify(t("panels.removeFailed"));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <div className="panels-menu">
      <section className="panels-menu__this" aria-labelledby="panels-this-heading">
        <h3 id="panels-this-heading">{t("panels.thisHeading")}</h3>
        <p className="muted">{t("panels.thisIntro")}</p>
        {thisPanel ? (
          <ThisPanelForm key={thisPanel.id} panel={thisPanel} onSave={(body) => patch(thisPanel.id, body)} />
        ) : (
          <p className="muted">{t("panels.notRegistered")}</p>
        )}
      </section>
      <section aria-labelledby="panels-list-heading">
        <h3 id="panels-list-heading">{t("panels.listHeading")}</h3>
        <p className="muted">{t("panels.listIntro")}</p>
        {failed && (
          <p role="alert">
            {t("panels.loadFailed")}{" "}
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t("panels.retry")}
            </button>
          </p>
        )}
        {panels !== null && panels.length === 0 && <p className="muted">{t("panels.none")}</p>}
        <ul className="panels-menu__list" data-testid="panels-list">
          {(panels ?? []).map((panel) => (
            <li key={panel.id} className="panels-menu__item" data-testid={`panel-${panel.id}`}>
              <PanelSummary panel={panel} own={panel.id === thisId} />
              <div className="panel-row">
                <button
                  type="button"
                  className="button"
                  aria-expanded={open?.id === panel.id && open.what === "send"}
                  aria-label={t("panels.sendTo", { name: panel.name })}
                  onClick={() =>
                    setOpen(open?.id === panel.id && open.what === "send" ? null : { id: panel.id, what: "send" })
                  }
                >
                  {t("panels.send")}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-expanded={open?.id === panel.id && open.what === "profile"}
                  aria-label={t("panels.profileOf", { name: panel.name })}
                  onClick={() =>
                    setOpen(open?.id === panel.id && open.what === "profile" ? null : { id: panel.id, what: "profile" })
                  }
                >
                  {t("panels.profile")}
                </button>
                {panel.id !== thisId && (
                  <button
                    type="button"
                    className="button button--danger"
                    aria-label={t("panels.removeOf", { name: panel.name })}
                    onClick={() => setRemoving(panel)}
                  >
                    {t("panels.remove")}
                  </button>
                )}
              </div>
              {open?.id === panel.id && open.what === "send" && (
                <SendCommandForm panel={panel} onDone={() => setOpen(null)} />
              )}
              {open?.id === panel.id && open.what === "profile" && (
                <PanelProfileEditor
                  panel={panel}
                  sections={sections}
                  carSections={carSections}
                  onCancel={() => setOpen(null)}
                  onSave={async (profile) => {
                    const ok = await patch(panel.id, { profile });
                    if (ok) setOpen(null);
                    return ok;
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={t("panels.removeTitle", { name: removing?.name ?? "" })}
        message={t("panels.removeMessage")}
        confirmLabel={t("panels.remove")}
        cancelLabel={t("panels.removeCancel")}
        tone="danger"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** One panel's line: name (and 'ten panel'), room, online or 'offline od …', last seen, screen, battery, screen state. */
function PanelSummary({ panel, own }: { panel: Panel; own: boolean }) {
  const { t } = useTranslation();
  const now = useAtomValue(nowAtom);
  const locale = useAtomValue(localeAtom);
  const seen = Date.parse(panel.lastSeenAt);
  const report = panel.report;
  const facts = [
    panel.online ? t("panels.online") : t("panels.offlineSince", { time: offlineTime(seen, now, locale) }),
    t("panels.lastSeen", { ago: formatRelativeTime(seen, now, locale) }),
    ...(report ? [t("panels.page", { screen: report.screen })] : []),
    ...(report?.battery
      ? [t(report.battery.charging ? "panels.charging" : "panels.battery", { level: Math.round(report.battery.level) })]
      : []),
    ...(report ? [report.visible ? t(`panels.screenState.${report.screenState}`) : t("panels.hidden")] : []),
  ];
  return (
    <div className="panels-menu__summary">
      <strong>{panel.name}</strong>
      {own && <span className="muted"> ({t("panels.thisOne")})</span>}
      {panel.room && <span> · {panel.room}</span>}
      <p className={panel.online ? "panels-menu__facts" : "panels-menu__facts panels-menu__facts--offline"}>
        {facts.join(" · ")}
      </p>
    </div>
  );
}

/** 'Ten panel': its name and room, 'Zapisz' (PATCH /panels/{id}; an empty room clears it). */
function ThisPanelForm({ panel, onSave }: { panel: Panel; onSave: (body: PanelPatchBody) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [name, setName] = useState(panel.name);
  const [room, setRoom] = useState(panel.room ?? "");
  return (
    <form
      className="panel-row panel-row--wrap"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === "") return;
        void onSave({ name: name.trim(), room: room.trim() === "" ? null : room.trim() });
      }}
    >
      <TextField
        label={t("panels.name")}
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label={t("panels.room")}
        maxLength={60}
        value={room}
        onChange={(event) => setRoom(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        {t("panels.save")}
      </button>
    </form>
  );
}

/** 'Wyślij polecenie' to one panel: the command's fields and 'Wyślij' (POST /panels/commands). */
function SendCommandForm({ panel, onDone }: { panel: Panel; onDone: () => void }) {
  const { t } = useTranslation();
  const env = useAtomValue(commandEnvAtom);
  const titleId = useId();
  const [command, setCommand] = useState<PanelCommandInput>(defaultPanelCommand("navigate"));
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const parsed = v.safeParse(PanelCommandsBodySchema, { target: { to: "panel", panelId: panel.id }, command });
    if (!parsed.success) {
      setProblem(v.getDotPath(parsed.issues[0])?.replace(/^command\./, "") ?? "command");
      return;
    }
    setProblem(null);
    if (!env) return;
    try {
      const sent = await sendPanelCommand(env.api.general, parsed.output);
      // 0: a room without panels, or (household Mosquitto) a panel whose session was revoked.
      env.notify(t(sent === 0 ? "panels.sentToNone" : "panels.sent"), sent === 0 ? "error" : "info");
      onDone();
    } catch {
      env.notify(t("panels.sendFailed"));
    }
  };
  return (
    <form
      className="panel-send"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h4 id={titleId}>{t("panels.sendTitle", { name: panel.name })}</h4>
      <PanelCommandFields
        command={command}
        onChange={setCommand}
        errorOf={(field) => (problem === field ? t("panels.profileForm.invalid") : undefined)}
      />
      <div className="panel-row">
        <button type="submit" className="button button--primary">
          {t("panels.sendButton")}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t("panels.cancel")}
        </button>
      </div>
    </form>
  );
}
