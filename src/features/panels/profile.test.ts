import { describe, expect, it } from "vitest";
import { arrangeHome } from "./profile";

describe("arrangeHome", () => {
  const sections = [{ name: "switches" }, { name: "lights" }, { name: "calendar" }];
  it("keeps the app's order without a profile order", () => {
    expect(arrangeHome(sections, undefined)).toBeNull();
  });
  it("orders by the profile, hides what it leaves out, drops unknown and repeated ids", () => {
    expect(arrangeHome(sections, ["calendar", "sensors", "nope", "calendar"])).toEqual(["calendar", "sensors"]);
    expect(arrangeHome(sections, [])).toEqual([]);
  });
});
