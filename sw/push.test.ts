import { describe, expect, it } from "vitest";
import { notificationOf, PUSH_ICON, targetOf } from "./push";

const data = (value: unknown) => ({ json: () => value });

describe("the service worker's push notification", () => {
  it("shows the payload's title, body and tag, and keeps the screen it opens", () => {
    const shown = notificationOf(
      data({
        category: "doorbell",
        title: "Dzwonek",
        body: "Ktoś dzwoni przy bramce.",
        url: "/cameras/live?id=zoom",
        tag: "doorbell",
        at: 1,
      }),
    );
    expect(shown?.title).toBe("Dzwonek");
    expect(shown?.options).toMatchObject({
      body: "Ktoś dzwoni przy bramce.",
      tag: "doorbell",
      icon: PUSH_ICON,
      data: { url: "/cameras/live?id=zoom" },
    });
  });

  it("shows nothing for a push without a readable payload", () => {
    expect(notificationOf(null)).toBeNull();
    expect(notificationOf({ json: () => JSON.parse("not json") as unknown })).toBeNull();
    expect(notificationOf(data({ title: "x" }))).toBeNull();
    expect(notificationOf(data({ __proto__: { title: "x" } }))).toBeNull();
  });

  it("opens only in-app paths of its own origin", () => {
    const origin = "https://hub.example";
    expect(targetOf({ url: "/devices" }, origin)).toBe("https://hub.example/devices");
    expect(targetOf({ url: "//evil.example/x" }, origin)).toBe("https://hub.example/");
    expect(targetOf({ url: "https://evil.example/" }, origin)).toBe("https://hub.example/");
    expect(targetOf(null, origin)).toBe("https://hub.example/");
  });
});
