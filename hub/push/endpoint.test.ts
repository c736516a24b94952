import { describe, expect, it } from "vitest";
import { endpointRefusal, guardedLookup, isPrivateAddress, PrivateAddressError } from "./endpoint";

describe("push endpoints the hub will POST to (SSRF)", () => {
  it("admits the browsers' push services: https on a public name", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://[2606:4700::1111]/push",
      "https://8.8.8.8/push",
    ])
      expect(endpointRefusal(endpoint, false), endpoint).toBeNull();
  });

  it("refuses http, credentials, loopback, private, link-local, CGNAT, mapped and local names", () => {
    const refused: [string, RegExp][] = [
      ["http://fcm.googleapis.com/fcm/send/x", /https/],
      ["https://user:pw@fcm.googleapis.com/x", /credentials/],
      ["https://localhost/x", /this machine/],
      ["https://127.0.0.1:8443/x", /this machine/],
      ["https://[::1]/x", /this machine/],
      ["https://10.1.2.3/x", /public address/],
      ["https://192.168.1.10/x", /public address/],
      ["https://172.20.0.1/x", /public address/],
      ["https://169.254.169.254/latest/meta-data", /public address/],
      ["https://100.64.0.1/x", /public address/],
      ["https://[fd00::1]/x", /public address/],
      ["https://[fe80::1]/x", /public address/],
      ["https://[::ffff:10.0.0.1]/x", /public address/],
      ["https://nas.local/x", /public host/],
      ["https://router/x", /public host/],
      ["https://hub.home.arpa/x", /public host/],
      ["not a url", /not a URL/],
    ];
    for (const [endpoint, reason] of refused) expect(endpointRefusal(endpoint, false), endpoint).toMatch(reason);
  });

  it("with the test option admits http on loopback only", () => {
    expect(endpointRefusal("http://127.0.0.1:9999/push/a", true)).toBeNull();
    expect(endpointRefusal("https://10.0.0.5/push", true)).toBeNull();
    expect(endpointRefusal("http://10.0.0.5/push", true)).toMatch(/https/);
  });

  it("classifies addresses", () => {
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2606:4700::1111")).toBe(false);
    for (const address of ["127.0.0.1", "0.0.0.0", "10.0.0.1", "224.0.0.1", "::", "64:ff9b::10.0.0.1", "nonsense"])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it("a name that resolves to a private address fails the connection's lookup", async () => {
    const error = await new Promise<Error | null>((resolve) =>
      guardedLookup(false)("localhost", { family: 0 }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(PrivateAddressError);
    const allowed = await new Promise<string>((resolve, reject) =>
      guardedLookup(true)("localhost", { family: 4 }, (failure, address) =>
        failure ? reject(failure) : resolve(String(address)),
      ),
    );
    expect(allowed).toBe("127.0.0.1");
  });
});
