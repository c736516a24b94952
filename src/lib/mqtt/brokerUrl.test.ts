import { describe, expect, it } from "vitest";
import { withBrokerDefaults } from "./brokerUrl";

describe("withBrokerDefaults (spec §7: secure port default 8883; §9: host default localhost)", () => {
  it("gives mqtts:// without a port the secure port 8883", () => {
    expect(withBrokerDefaults("mqtts://broker.lan")).toBe("mqtts://broker.lan:8883");
    expect(withBrokerDefaults("mqtts://dashboard:secret@broker.lan/mqtt")).toBe(
      "mqtts://dashboard:secret@broker.lan:8883/mqtt",
    );
    expect(withBrokerDefaults("mqtts://[::1]")).toBe("mqtts://[::1]:8883");
  });

  it("keeps a port that is given, and plain mqtt:// as it is", () => {
    expect(withBrokerDefaults("mqtts://broker.lan:9443/mqtt")).toBe("mqtts://broker.lan:9443/mqtt");
    expect(withBrokerDefaults("mqtt://127.0.0.1:1883")).toBe("mqtt://127.0.0.1:1883");
    expect(withBrokerDefaults("mqtt://broker.lan")).toBe("mqtt://broker.lan");
  });

  it("fills an empty host with localhost", () => {
    expect(withBrokerDefaults("mqtts://")).toBe("mqtts://localhost:8883");
    expect(withBrokerDefaults("mqtt://:1884")).toBe("mqtt://localhost:1884");
  });

  it("leaves ws:// and wss:// (WebSocket defaults 80 and 443) and relative paths as they are", () => {
    expect(withBrokerDefaults("wss://broker.lan/mqtt")).toBe("wss://broker.lan/mqtt");
    expect(withBrokerDefaults("ws://hub.lan:8080/mqtt")).toBe("ws://hub.lan:8080/mqtt");
    expect(withBrokerDefaults("/mqtt")).toBe("/mqtt");
  });
});
