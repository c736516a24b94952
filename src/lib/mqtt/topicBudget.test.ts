import { describe, expect, it } from "vitest";
import {
  createTopicBudget,
  isNamespaceTopic,
  MAX_FOREIGN_TOPICS,
  MAX_LIVE_TOPICS,
  MAX_TOPICS_PER_ROOT,
} from "./topicBudget";

describe("topic budget (the number of distinct live topics is capped)", () => {
  it("knows the dashboard's namespace by the topic's first level (DESIGN §3)", () => {
    for (const topic of [
      "sensor/temp/balcony",
      "power/lampa/POWER1",
      "tasmota/tele/x/STATE",
      "settings/theme",
      "doorbell/ring",
      "availability/x",
    ]) {
      expect(isNamespaceTopic(topic), topic).toBe(true);
    }
    for (const topic of ["tele/x/SENSOR", "zigbee2mqtt/czujnik", "shellies/x/relay/0", "sensors/temp", "sensor"]) {
      expect(isNamespaceTopic(topic), topic).toBe(topic === "sensor");
    }
  });

  it("holds up to the cap, then refuses new topics but keeps the ones it holds", () => {
    const budget = createTopicBudget({ maxTopics: 2 });
    expect(budget.admit("sensor/a")).toBe(true);
    expect(budget.admit("sensor/b")).toBe(true);
    expect(budget.hasRoomFor("sensor/c")).toBe(false);
    expect(budget.admit("sensor/c")).toBe(false);
    expect(budget.admit("sensor/a")).toBe(true);
    expect(budget.size()).toBe(2);
  });

  it("limits raw device topics apart, so they never take the namespace's room", () => {
    const budget = createTopicBudget({ maxTopics: 4, maxForeignTopics: 2 });
    expect(["tele/a/STATE", "zigbee2mqtt/b", "shellies/c"].map((t) => budget.admit(t))).toEqual([true, true, false]);
    expect(["sensor/temp/a", "sensor/temp/b", "sensor/temp/c"].map((t) => budget.admit(t))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("gives each namespace root its own share, so a flood under one leaves room for the others", () => {
    const budget = createTopicBudget({ maxTopics: 10, maxTopicsPerRoot: 3 });
    for (let i = 0; i < 100; i++) budget.admit(`tasmota/tele/d${i}/STATE`);
    expect(budget.size()).toBe(3);
    expect(budget.admit("sensor/temp/balcony")).toBe(true);
    expect(budget.admit("power/lampa/POWER")).toBe(true);
  });

  it("gives a released topic's place back", () => {
    const budget = createTopicBudget({ maxTopics: 1, maxForeignTopics: 1 });
    budget.admit("tele/a/STATE");
    budget.release("tele/a/STATE");
    budget.release("tele/never/held");
    expect(budget.size()).toBe(0);
    expect(budget.admit("tele/b/STATE")).toBe(true);
  });

  it("defaults to 5,000 topics in all, 2,000 per namespace root, 1,000 outside the namespace", () => {
    expect([MAX_LIVE_TOPICS, MAX_TOPICS_PER_ROOT, MAX_FOREIGN_TOPICS]).toEqual([5_000, 2_000, 1_000]);
    const budget = createTopicBudget();
    for (let i = 0; i < 2_000; i++) budget.admit(`tele/d${i}/STATE`);
    expect(budget.size()).toBe(1_000);
    for (let i = 0; i < 10_000; i++) budget.admit(`sensor/temp/p${i}`);
    expect(budget.size()).toBe(3_000);
    for (let i = 0; i < 10_000; i++) budget.admit(`power/d${i}/POWER`);
    expect(budget.size()).toBe(MAX_LIVE_TOPICS);
    expect(budget.admit("settings/theme")).toBe(false);
  });
});
