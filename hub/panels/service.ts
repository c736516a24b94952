import { randomBytes, randomUUID } from "node:crypto";
import {
  MAX_PANELS,
  PANEL_OFFLINE_AFTER_MS,
  PANELS_REVISION_TOPIC,
  panelCommandTopic,
  panelStateTopic,
  type Panel,
  type PanelCommand,
  type PanelCommandBody,
  type PanelPatchBody,
  type PanelReport,
  type PanelState,
  type PanelTarget,
} from "../../contract/panels";
import type { BrokerLink, HubLogger } from "../broker/link";
import { HubError } from "../core/errors";
import type { SessionPanels } from "../core/session-panels";
import type { PanelRow, PanelStore } from "./store";

/** What {@link PanelsService} needs; `now` and the timings are replaceable for tests. */
export interface PanelsDeps {
  store: PanelStore;
  link: BrokerLink;
  sessionPanels: SessionPanels;
  log: HubLogger;
  /** How long a panel may be quiet before it is offline (ms); default {@link PANEL_OFFLINE_AFTER_MS}. */
  offlineAfterMs?: number;
  /**
   * True on a household Mosquitto, where every browser logs in as one user: each panel gets a command
   * channel (a secret MQTT client id, handed only to its session) and its commands go to
   * `panel/<channel>/command`, which Mosquitto's `pattern read panel/%c/command` lets only that client
   * read. False (default) on the hub's embedded broker, which knows each connection's session and
   * forwards `panel/<id>/command` to the panel's session only.
   */
  commandChannels?: boolean;
  /** Added to the `at` stamped on commands (ms; tests send commands already old with a negative skew); default 0. */
  commandClockSkewMs?: number;
  now?: () => number;
}

/**
 * The household's panels (docs/contract.md "Panels"): registration binds a session to its panel,
 * reports are stored and published retained on `panel/<id>/state` with `online`, changes to the list
 * or a panel's name, room or profile bump `panels/revision`, and commands go to the addressed
 * panels' `panel/<id>/command` (QoS 1, not retained), or on a household Mosquitto to each panel's
 * `panel/<channel>/command` ({@link PanelsDeps.commandChannels}). A timer republishes a panel's state with
 * `online: false` once it has been quiet for the offline time, and bumps the revision then.
 */
export class PanelsService {
  private readonly offlineAfterMs: number;
  private readonly now: () => number;
  private revision: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Panels published as online (the timer republishes them when they go quiet). */
  private readonly online = new Set<string>();

  constructor(private readonly deps: PanelsDeps) {
    this.offlineAfterMs = deps.offlineAfterMs ?? PANEL_OFFLINE_AFTER_MS;
    this.now = deps.now ?? (() => Date.now());
    this.revision = this.now();
  }

  /** Binds the stored sessions, publishes each panel's state (retained) and the revision; arms the offline timer. */
  start(): this {
    for (const row of this.deps.store.list()) {
      if (row.sessionId !== null) this.deps.sessionPanels.bind(row.sessionId, row.id);
      this.publishState(row);
    }
    this.publishRevision();
    this.arm();
    return this;
  }

  /** Stops the offline timer. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Every panel, by name. */
  list(): Panel[] {
    return this.deps.store.list().map((row) => this.toPanel(row));
  }

  /**
   * Session `sessionId`'s browser is panel `id`: made when new (named `name`, else `fallbackName`),
   * else bound to this session and seen now. With command channels, answers the panel's
   * `mqttClientId` too: kept while the panel stays bound to this session, made anew when it was
   * bound to another one (or had none), so a browser that was the panel before cannot read its commands.
   * A household at {@link MAX_PANELS} forgets the panel seen longest ago to make room (a browser whose
   * storage was cleared comes back as a new panel, so old ids pile up; 64 panels all in use is not a
   * household). Never throws for the cap.
   */
  register(
    id: string,
    sessionId: number,
    name: string | undefined,
    fallbackName: string,
  ): Panel & { mqttClientId?: string } {
    const now = new Date(this.now()).toISOString();
    const existing = this.deps.store.get(id);
    const keptChannel = existing !== undefined && existing.sessionId === sessionId ? existing.commandChannel : null;
    if (existing) this.deps.store.bind(id, sessionId, now);
    else {
      if (this.deps.store.count() >= MAX_PANELS) {
        const oldest = this.deps.store
          .list()
          .reduce<PanelRow | undefined>(
            (found, row) => (found === undefined || row.lastSeenAt < found.lastSeenAt ? row : found),
            undefined,
          );
        if (oldest) this.remove(oldest.id);
      }
      this.deps.store.unbindSession(sessionId);
      this.deps.store.create(id, name ?? fallbackName, sessionId, now);
    }
    this.deps.sessionPanels.bind(sessionId, id);
    let mqttClientId: string | undefined;
    if (this.deps.commandChannels === true) {
      mqttClientId = keptChannel ?? `c-${randomBytes(16).toString("hex")}`;
      if (mqttClientId !== keptChannel) this.deps.store.setCommandChannel(id, mqttClientId);
    }
    const row = this.found(id);
    this.publishState(row);
    this.publishRevision();
    this.arm();
    return mqttClientId === undefined ? this.toPanel(row) : { ...this.toPanel(row), mqttClientId };
  }

  /**
   * Session `sessionId` was revoked (logout, another device's logout, a password change): the panels it
   * was bound to lose their command channel, so a browser that kept the channel reads no more of their
   * commands; the panel gets a new one when a session registers it again.
   */
  sessionRevoked(sessionId: number): void {
    const dropped = this.deps.store.dropCommandChannelsOf(sessionId);
    if (dropped > 0)
      this.deps.log.info({ sessionId, panels: dropped }, "panels: command channel dropped with its session");
  }

  /** Changes panel `id`'s name, room or profile. @throws HubError NOT_FOUND. */
  patch(id: string, patch: PanelPatchBody): Panel {
    if (!this.deps.store.patch(id, patch)) throw notFound();
    this.publishRevision();
    return this.toPanel(this.found(id));
  }

  /** Deletes panel `id` (its retained state is cleared). @throws HubError NOT_FOUND. */
  remove(id: string): void {
    if (!this.deps.store.remove(id)) throw notFound();
    this.deps.sessionPanels.unbindPanel(id);
    this.online.delete(id);
    this.deps.link.publish(panelStateTopic(id), "", { qos: 1, retain: true });
    this.publishRevision();
  }

  /**
   * Stores panel `id`'s report from session `sessionId` and publishes it.
   * @throws HubError NOT_FOUND (no such panel), PANEL_NOT_YOURS (the session is not that panel's).
   */
  report(id: string, sessionId: number, report: PanelReport): void {
    const row = this.deps.store.get(id);
    if (!row) throw notFound();
    if (row.sessionId !== sessionId) throw new HubError("PANEL_NOT_YOURS", "only the panel itself reports for it");
    const wasOnline = this.isOnline(row.lastSeenAt);
    this.deps.store.report(id, report, new Date(this.now()).toISOString());
    const updated = this.found(id);
    this.publishState(updated);
    if (!wasOnline) this.publishRevision();
    this.arm();
  }

  /** The ids of the panels `target` addresses (a panel that does not exist: none). */
  targets(target: PanelTarget): string[] {
    switch (target.to) {
      case "panel":
        return this.deps.store.get(target.panelId) ? [target.panelId] : [];
      case "room":
        return this.deps.store
          .list()
          .filter(
            (row) => row.room !== undefined && row.room.toLocaleLowerCase("pl") === target.room.toLocaleLowerCase("pl"),
          )
          .map((row) => row.id);
      case "all":
        return this.deps.store.list().map((row) => row.id);
    }
  }

  /**
   * Sends `command` to the panels of `target` on `panel/<id>/command` (QoS 1, not retained), each
   * `{id, at, command}`; with command channels on `panel/<channel>/command`, skipping a panel that has
   * no channel (not registered since, or its session revoked). Answers how many panels it went to.
   * @throws HubError NOT_FOUND when `target` names a panel that does not exist.
   */
  async send(target: PanelTarget, command: PanelCommandBody): Promise<number> {
    if (target.to === "panel" && !this.deps.store.get(target.panelId)) throw notFound();
    const at = this.now() + (this.deps.commandClockSkewMs ?? 0);
    let sent = 0;
    for (const id of this.targets(target)) {
      const address = this.deps.commandChannels === true ? this.deps.store.get(id)?.commandChannel : id;
      if (address === null || address === undefined) continue;
      const message: PanelCommand = { id: randomUUID(), at, command };
      await this.deps.link.publishCommand(panelCommandTopic(address), JSON.stringify(message));
      sent += 1;
    }
    return sent;
  }

  private found(id: string): PanelRow {
    const row = this.deps.store.get(id);
    if (!row) throw notFound();
    return row;
  }

  private isOnline(lastSeenAt: string): boolean {
    return this.now() - Date.parse(lastSeenAt) < this.offlineAfterMs;
  }

  private toPanel(row: PanelRow): Panel {
    return {
      id: row.id,
      name: row.name,
      ...(row.room !== undefined ? { room: row.room } : {}),
      profile: row.profile,
      lastSeenAt: row.lastSeenAt,
      online: this.isOnline(row.lastSeenAt),
      report: row.report,
    };
  }

  /** Publishes `row`'s state (retained) when it has a report. */
  private publishState(row: PanelRow): void {
    if (!row.report) return;
    const online = this.isOnline(row.lastSeenAt);
    if (online) this.online.add(row.id);
    else this.online.delete(row.id);
    const state: PanelState = { ...row.report, online };
    this.deps.link.publish(panelStateTopic(row.id), JSON.stringify(state), { qos: 1, retain: true });
  }

  private publishRevision(): void {
    this.revision = Math.max(this.revision + 1, this.now());
    this.deps.link.publish(
      PANELS_REVISION_TOPIC,
      JSON.stringify({ revision: this.revision, at: new Date(this.now()).toISOString() }),
      { qos: 1, retain: true },
    );
  }

  /** Arms the timer for the next panel published online to go quiet. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let next: number | undefined;
    for (const id of this.online) {
      const row = this.deps.store.get(id);
      if (!row) continue;
      const at = Date.parse(row.lastSeenAt) + this.offlineAfterMs;
      if (next === undefined || at < next) next = at;
    }
    if (next === undefined) return;
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, next - this.now()) + 5);
    this.timer.unref();
  }

  private onTimer(): void {
    this.timer = null;
    let changed = false;
    try {
      for (const id of [...this.online]) {
        const row = this.deps.store.get(id);
        if (!row) this.online.delete(id);
        else if (!this.isOnline(row.lastSeenAt)) {
          this.publishState(row);
          changed = true;
        }
      }
      if (changed) this.publishRevision();
    } catch (error) {
      this.deps.log.error({ err: error }, "panels: offline check failed");
    }
    this.arm();
  }
}

const notFound = () => new HubError("NOT_FOUND", "no such panel");
