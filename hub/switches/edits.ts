import type { Switch as SwitchDefinition } from "../../contract/switches";
import type { Db } from "../core/db";
import { HubError } from "../core/errors";
import type { Switch } from "../household/schema";

/** Row of `switch_edits`. */
interface EditRow {
  name: string;
  label: string;
  purpose: string | null;
}

/**
 * The switch definitions `GET /config/switches` answers (spec §3: name, label, purpose): the
 * household file's switches with the label and purpose edited through `PATCH /config/switches/{id}`
 * (table `switch_edits`, kept across restarts) laid over them, then the switches of adopted devices
 * (`adopted`, read at each call: their label and purpose are their adoption's) whose name no household
 * switch has. Edits of switches no longer in the household file are kept but not shown.
 */
export class SwitchDefinitions {
  constructor(
    private readonly switches: readonly Switch[],
    private readonly db: Db,
    private readonly adopted: () => readonly SwitchDefinition[] = () => [],
  ) {}

  /** Every switch of the household in file order, with its edits, then the adopted ones. */
  list(): SwitchDefinition[] {
    return [...this.own(), ...this.adoptedOnly()];
  }

  /** The adopted switches whose name no household switch has, as `{name, label, purpose}`. */
  private adoptedOnly(): SwitchDefinition[] {
    const names = new Set(this.switches.map((item) => item.name));
    return this.adopted()
      .filter((item) => !names.has(item.name))
      .map(({ name, label, purpose }) => ({ name, label, purpose }));
  }

  private own(): SwitchDefinition[] {
    const edits = new Map(
      this.db
        .prepare<[], EditRow>("SELECT name, label, purpose FROM switch_edits")
        .all()
        .map((row) => [row.name, row]),
    );
    return this.switches.map((item) => this.shown(item, edits.get(item.name)));
  }

  /** Switch `name` with its edits (or an adopted one). @throws HubError NOT_FOUND for no such switch. */
  get(name: string): SwitchDefinition {
    const item = this.switches.find((candidate) => candidate.name === name);
    if (item === undefined) {
      const adopted = this.adoptedOnly().find((candidate) => candidate.name === name);
      if (adopted !== undefined) return adopted;
      throw new HubError("NOT_FOUND", "no such switch");
    }
    return this.shown(
      item,
      this.db.prepare<[string], EditRow>("SELECT name, label, purpose FROM switch_edits WHERE name = ?").get(name),
    );
  }

  /**
   * Changes the label and/or purpose of switch `name` (a purpose of null or "" clears it) and
   * answers the switch as shown now. @throws HubError NOT_FOUND for a switch not in the household,
   *   NOT_SUPPORTED for an adopted device's (its label and purpose are its adoption's: PUT /devices/{id}/adoption).
   */
  edit(name: string, config: { label?: string | undefined; purpose?: string | null | undefined }): SwitchDefinition {
    if (!this.switches.some((item) => item.name === name) && this.adoptedOnly().some((item) => item.name === name))
      throw new HubError("NOT_SUPPORTED", "an adopted device's label and purpose are set in its adoption");
    const current = this.get(name);
    const label = config.label ?? current.label;
    const purpose =
      config.purpose === undefined
        ? current.purpose
        : config.purpose === null || config.purpose === ""
          ? null
          : config.purpose;
    this.db
      .prepare(
        "INSERT INTO switch_edits (name, label, purpose, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET label = excluded.label, purpose = excluded.purpose, updated_at = excluded.updated_at",
      )
      .run(name, label, purpose, new Date().toISOString());
    return { name, label, purpose };
  }

  private shown(item: Switch, edit: EditRow | undefined): SwitchDefinition {
    return { name: item.name, label: edit?.label ?? item.label, purpose: edit ? edit.purpose : item.purpose };
  }
}
