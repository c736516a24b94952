import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_HOUSEHOLD_PATH } from "./load";
import { findJsonSyntaxFault, lineColumn } from "./json-syntax";

/** True when JSON.parse takes `text`. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A small deterministic generator (mulberry32), so a failing mutation can be found again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("where a JSON text breaks, without quoting it", () => {
  it("names the line and column and what the grammar expected there", () => {
    expect(findJsonSyntaxFault('{\n  "a": 1,\n  "b": tru\n}')).toEqual({
      offset: 22,
      line: 3,
      column: 11,
      expected: "a value (true)",
    });
    expect(findJsonSyntaxFault('{"a": [1, 2,]}')).toMatchObject({ line: 1, column: 13, expected: "a value" });
    expect(findJsonSyntaxFault('{"a": 1,}')).toMatchObject({ column: 9, expected: "a property name in double quotes" });
    expect(findJsonSyntaxFault('{"a" 1}')).toMatchObject({ column: 6, expected: "':' after a property name" });
    expect(findJsonSyntaxFault('{"a": "x" "b": 1}')).toMatchObject({
      column: 11,
      expected: "',' or '}' after a value",
    });
    expect(findJsonSyntaxFault('{"a": "x\ty"}')).toMatchObject({
      column: 9,
      expected: expect.stringMatching(/^no control character/),
    });
    expect(findJsonSyntaxFault('{"a": "\\q"}')).toMatchObject({
      column: 9,
      expected: expect.stringMatching(/^an escape/),
    });
    expect(findJsonSyntaxFault('{"a": "\\u12g4"}')).toMatchObject({ column: 12, expected: "4 hex digits after '\\u'" });
    expect(findJsonSyntaxFault('{"a": 01}')).toMatchObject({ column: 8 });
    expect(findJsonSyntaxFault('{"a": 1.}')).toMatchObject({ column: 9, expected: "a digit after '.'" });
    expect(findJsonSyntaxFault('{"a": 1e}')).toMatchObject({ column: 9, expected: "a digit of the exponent" });
    expect(findJsonSyntaxFault('{"a": "unterminated')).toMatchObject({
      offset: 19,
      expected: "a closing '\"' of the string",
    });
    expect(findJsonSyntaxFault("{} {}")).toMatchObject({ column: 4, expected: "the end of the text after the value" });
    expect(findJsonSyntaxFault("")).toMatchObject({ line: 1, column: 1, expected: "a value" });
    expect(findJsonSyntaxFault('\ufeff{"a": 1}')).toMatchObject({
      column: 1,
      expected: expect.stringMatching(/byte order mark/),
    });
    expect(findJsonSyntaxFault("[".repeat(100_000))).toMatchObject({ offset: 100_000, expected: "a value" });
    expect(lineColumn("a\r\nb\nc", 5)).toEqual({ line: 3, column: 1 });
  });

  it("agrees with JSON.parse on every text: the demo household, and 3,000 mutations of it", () => {
    const demo = readFileSync(DEMO_HOUSEHOLD_PATH, "utf8");
    expect(findJsonSyntaxFault(demo)).toBeNull();
    for (const text of [
      "null",
      " 1 ",
      '"\\u00e9"',
      "[-0.5e+3, true, false, null, {}, []]",
      '{"a":{"b":[{"c":"\\"\\\\\\/\\b\\f\\n\\r\\t"}]}}',
    ]) {
      expect(findJsonSyntaxFault(text), text).toBeNull();
    }
    const next = random(27);
    const pieces = [
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"',
      "\\",
      "-",
      "0",
      "1",
      ".",
      "e",
      "+",
      "t",
      "n",
      " ",
      "\n",
      "\t",
      "x",
      "ż",
      "\u0001",
    ];
    for (let round = 0; round < 3000; round++) {
      let text = demo;
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
        const at = Math.floor(next() * text.length);
        const piece = pieces[Math.floor(next() * pieces.length)] ?? "";
        const kind = next();
        text =
          kind < 0.4
            ? text.slice(0, at) + piece + text.slice(at)
            : kind < 0.7
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + piece + text.slice(at + 1);
      }
      const fault = findJsonSyntaxFault(text);
      expect(fault === null, `round ${String(round)}`).toBe(parses(text));
    }
  });
});
