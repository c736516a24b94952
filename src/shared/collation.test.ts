import { describe, expect, it } from "vitest";
import { comparePolish, prepareCollation } from "./collation";

describe("comparePolish (Polish alphabetical order with one shared collator)", () => {
  it("orders Polish letters after their base letters, as localeCompare(…, 'pl') does", () => {
    prepareCollation();
    const rooms = [
      "Żłobek",
      "Salon",
      "Łazienka",
      "Ogród",
      "Lodówka",
      "Śpiżarnia",
      "sypialnia",
      "Biuro",
      "Ąę",
      "Zadaszenie",
    ];
    expect([...rooms].sort(comparePolish)).toEqual([
      "Ąę",
      "Biuro",
      "Lodówka",
      "Łazienka",
      "Ogród",
      "Salon",
      "sypialnia",
      "Śpiżarnia",
      "Zadaszenie",
      "Żłobek",
    ]);
    for (const a of rooms)
      for (const b of rooms) expect(Math.sign(comparePolish(a, b))).toBe(Math.sign(a.localeCompare(b, "pl")));
  });
});
