import { NAMESPACE_ROOTS } from "../../../contract/topics";

/**
 * Most distinct live topics held at once ("the number of distinct live topics is capped";
 * DESIGN §4a "Live families"). `#` brings every raw device topic too, and an uncapped page
 * flooded with retained topics stops answering for seconds (docs/performance.md, live limits). A household's dashboard namespace is a few hundred topics; the 2,000-topic
 * burst of DESIGN §6 fits with room to spare.
 */
export const MAX_LIVE_TOPICS = 5_000;

/**
 * Most distinct topics held under one first level of the dashboard's namespace
 * ({@link LIVE_NAMESPACE_ROOTS}: `sensor/…`, `tasmota/…`, …). A flood under one of them (say
 * 100,000 `tasmota/tele/<t>/STATE`, which the bridge passes through for every Tasmota device)
 * fills its own share and never takes the room of the others: `sensor/…` topics still find a place.
 * The 2,000-topic burst of DESIGN §6 (1,400 of them `sensor/…`) fits.
 */
export const MAX_TOPICS_PER_ROOT = 2_000;

/**
 * Most distinct topics held from outside the dashboard's namespace, all together: raw device
 * topics (`tele/…`, `zigbee2mqtt/…`, `shellies/…`) that `#` also brings from a broker whose ACL
 * lets browsers read them, and that no tile reads.
 */
export const MAX_FOREIGN_TOPICS = 1_000;

/**
 * First levels of the topics the hub publishes for the dashboard (DESIGN §3 topic table,
 * docs/contract.md "Live channel").
 */
export const LIVE_NAMESPACE_ROOTS: ReadonlySet<string> = NAMESPACE_ROOTS;

/** Limits of a {@link TopicBudget}. */
export type TopicBudgetLimits = {
  /** Most topics held in all; default {@link MAX_LIVE_TOPICS}. */
  maxTopics?: number;
  /** Most topics held under one namespace root; default {@link MAX_TOPICS_PER_ROOT}. */
  maxTopicsPerRoot?: number;
  /** Most topics held outside the namespace, all together; default {@link MAX_FOREIGN_TOPICS}. */
  maxForeignTopics?: number;
};

/** The set of topics a live ingest holds, with its cap. Every operation is O(1). */
export type TopicBudget = {
  /** True when `topic` is held (it keeps updating whatever the cap). */
  has(topic: string): boolean;
  /**
   * Holds `topic` if there is room for it: fewer than `maxTopics` held in all, and fewer than
   * `maxTopicsPerRoot` under its namespace root (`maxForeignTopics` outside the namespace). True
   * when held (already or now).
   */
  admit(topic: string): boolean;
  /** True when {@link admit} would hold `topic`, without holding it. */
  hasRoomFor(topic: string): boolean;
  /** Stops holding `topic` (its first message was dropped); no-op when not held. */
  release(topic: string): void;
  /** Topics held. */
  size(): number;
};

/** The first level of `topic` when it is one of {@link LIVE_NAMESPACE_ROOTS}, else null. */
export function namespaceRoot(topic: string): string | null {
  const slash = topic.indexOf("/");
  const root = slash < 0 ? topic : topic.slice(0, slash);
  return LIVE_NAMESPACE_ROOTS.has(root) ? root : null;
}

/** True when `topic`'s first level is one of {@link LIVE_NAMESPACE_ROOTS}. */
export function isNamespaceTopic(topic: string): boolean {
  return namespaceRoot(topic) !== null;
}

/** The share a topic counts in: its namespace root, or this one for every topic outside the namespace. */
const FOREIGN = "/";

/**
 * Creates the topic budget of one live ingest (DESIGN §4a): a set of held topics, at most
 * `maxTopics` (5,000) in all, at most `maxTopicsPerRoot` (2,000) under each first level of the
 * dashboard's namespace and `maxForeignTopics` (1,000) outside it, so a flood under one first level
 * cannot crowd out the others. A topic already held is always accepted; a new one only while there
 * is room. Never throws.
 */
export function createTopicBudget(limits: TopicBudgetLimits = {}): TopicBudget {
  const maxTopics = limits.maxTopics ?? MAX_LIVE_TOPICS;
  const maxTopicsPerRoot = limits.maxTopicsPerRoot ?? MAX_TOPICS_PER_ROOT;
  const maxForeignTopics = limits.maxForeignTopics ?? MAX_FOREIGN_TOPICS;
  const held = new Set<string>();
  const perShare = new Map<string, number>();
  const shareOf = (topic: string): string => namespaceRoot(topic) ?? FOREIGN;
  const shareLimit = (share: string): number => (share === FOREIGN ? maxForeignTopics : maxTopicsPerRoot);

  /** The share of a topic not held, and whether it has room (one Set and one Map lookup). */
  const room = (topic: string): { share: string; count: number } | null => {
    if (held.size >= maxTopics) return null;
    const share = shareOf(topic);
    const count = perShare.get(share) ?? 0;
    return count < shareLimit(share) ? { share, count } : null;
  };

  return {
    has: (topic) => held.has(topic),
    hasRoomFor: (topic) => held.has(topic) || room(topic) !== null,
    admit(topic) {
      if (held.has(topic)) return true;
      const free = room(topic);
      if (free === null) return false;
      held.add(topic);
      perShare.set(free.share, free.count + 1);
      return true;
    },
    release(topic) {
      if (!held.delete(topic)) return;
      const share = shareOf(topic);
      perShare.set(share, (perShare.get(share) ?? 1) - 1);
    },
    size: () => held.size,
  };
}
