import { describe, expect, it } from "vitest";
import { isValidTopicFilter, topicMatches, topicToPath } from "./topic";

describe("topicToPath (spec §7 live channel, DESIGN §3 hostile input)", () => {
  it("splits a topic name into its levels", () => {
    expect(topicToPath("sensor/temp/balcony")).toEqual(["sensor", "temp", "balcony"]);
    expect(topicToPath("power/kitchen/POWER1")).toEqual(["power", "kitchen", "POWER1"]);
    expect(topicToPath("doorbell")).toEqual(["doorbell"]);
  });

  it.each(["__proto__", "constructor", "prototype"])("drops a topic with a %s segment anywhere", (segment) => {
    expect(topicToPath(`${segment}/polluted`)).toBeNull();
    expect(topicToPath(`sensor/${segment}/x`)).toBeNull();
    expect(topicToPath(`sensor/temp/${segment}`)).toBeNull();
  });

  it("keeps a segment that merely contains a prototype word", () => {
    expect(topicToPath("sensor/temp/constructor_room")).toEqual(["sensor", "temp", "constructor_room"]);
  });

  it("drops empty segments (leading, trailing or doubled slash) and the empty topic", () => {
    for (const topic of ["", "/sensor/temp", "sensor/temp/", "sensor//temp", "/"])
      expect(topicToPath(topic)).toBeNull();
  });

  it("drops wildcards and NUL, which are not allowed in a topic name", () => {
    for (const topic of ["sensor/+/balcony", "sensor/#", "sensor/te#mp", "a/b+", "a/\u0000"])
      expect(topicToPath(topic)).toBeNull();
  });

  it("drops topics deeper than 8 levels or longer than 512 bytes, counting UTF-8 bytes", () => {
    expect(topicToPath("1/2/3/4/5/6/7/8")).toHaveLength(8);
    expect(topicToPath("1/2/3/4/5/6/7/8/9")).toBeNull();
    expect(topicToPath(`a/${"x".repeat(510)}`)).not.toBeNull();
    expect(topicToPath(`a/${"x".repeat(511)}`)).toBeNull();
    expect(topicToPath(`a/${"ż".repeat(256)}`)).toBeNull(); // 2 + 512 bytes, though only 258 characters
    expect(topicToPath("x".repeat(1_000_000))).toBeNull();
  });

  it("honours custom limits", () => {
    expect(topicToPath("a/b/c", { maxDepth: 2 })).toBeNull();
    expect(topicToPath("abcdef", { maxBytes: 5 })).toBeNull();
  });
});

describe("isValidTopicFilter (spec §5: + and # only in permitted positions)", () => {
  it.each([
    ["#", true],
    ["+", true],
    ["sensor/#", true],
    ["sensor/+/balcony", true],
    ["+/+/+", true],
    ["sensor/temp/balcony", true],
    ["/leading/empty/level", true],
    ["", false],
    ["sensor/#/x", false],
    ["sensor#", false],
    ["sensor/te#", false],
    ["sensor/te+mp", false],
    ["sensor+/x", false],
    ["##", false],
    ["a/\u0000", false],
  ])("%j is %s", (filter, valid) => {
    expect(isValidTopicFilter(filter)).toBe(valid);
  });
});

describe("topicMatches (MQTT 3.1.1 §4.7)", () => {
  it.each([
    ["#", "sensor/temp/balcony", true],
    ["sensor/#", "sensor", true],
    ["sensor/#", "sensor/temp/balcony", true],
    ["sensor/+/balcony", "sensor/temp/balcony", true],
    ["sensor/+/balcony", "sensor/temp/outside", false],
    ["sensor/+", "sensor/temp/balcony", false],
    ["sensor/temp", "sensor/temp", true],
    ["sensor/temp", "sensor/temp/x", false],
    ["#", "$SYS/broker/uptime", false],
    ["+/broker/uptime", "$SYS/broker/uptime", false],
    ["$SYS/#", "$SYS/broker/uptime", true],
    ["sensor/#/x", "sensor/a/x", false],
  ])("%j matches %j: %s", (filter, topic, matches) => {
    expect(topicMatches(filter, topic)).toBe(matches);
  });
});
