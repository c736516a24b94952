import type { DomainContext } from "../core/domain";
import type { Household } from "../household/schema";
import type { Sample, SkipReason } from "./recorder";

/**
 * What a domain adds to the history (docs/contract.md "History"), declared in its `domain.ts`
 * (core/domain.ts `history`): its events (names of contract/history.ts HistoryEventSchema, each
 * declared by one domain; `GET /events/day` answers them like the built-in ones), the live topic
 * filters it records, how one message of them becomes samples, and which of its series are the
 * household's. The recorder keeps its bounds for them (per-device and total series caps, time window).
 */
export interface HistoryContribution {
  /** Its event names (`^[a-z][a-z0-9_]{0,31}$`), none of the built-in HISTORY_EVENTS. */
  readonly events: readonly string[];
  /** The live topic filters it records (hub-published topics of its own root). */
  readonly topicFilters: readonly string[];
  /**
   * The samples one live message carries (pure): `now` is the hub's clock, epoch ms. A malformed
   * payload is a skip reason, never a throw (a throw is counted as `bad payload`).
   */
  samplesOf(topic: string, payload: Buffer, now: number): readonly Sample[] | SkipReason;
  /** True when `event` of `device` is one of the household's series (bounds what is stored). */
  accepts(event: string, device: string): boolean;
  /**
   * Why `device` is no series of `event` for `GET /events/day` (a 400 message naming `device`), or
   * undefined when it may be asked for. Without it, an unknown device answers no items.
   */
  refuses?(event: string, device: string): string | undefined;
}

/**
 * A domain's history declaration: builds its {@link HistoryContribution} for the household the hub
 * runs; `context.find` reaches the services of the domains started before the history (its own, so
 * a contribution can read what the domain keeps, e.g. the device registry).
 */
export type HistoryDeclaration = (household: Household, context: Pick<DomainContext, "find">) => HistoryContribution;
