// @vitest-environment node
import { describe, expect, it } from "vitest";
import { holdClientId, type ClientIdLocks } from "./clientIdLock";
import { webLocks } from "./testLocks";

const ID = "c-0123456789abcdef0123456789abcdef";
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("holdClientId: one tab of the browser at a time connects with a client id (Web Locks)", () => {
  it("the first tab uses the id at once; a second one a random id, then the id once the first lets it go", async () => {
    const locks = webLocks();
    const first: (string | undefined)[] = [];
    const second: (string | undefined)[] = [];
    const releaseFirst = holdClientId(ID, (id) => first.push(id), locks);
    await tick();
    const releaseSecond = holdClientId(ID, (id) => second.push(id), locks);
    await tick();
    expect(first).toEqual([ID]);
    expect(second).toEqual([undefined]);
    releaseFirst();
    await tick();
    expect(second).toEqual([undefined, ID]);
    expect(first).toEqual([ID]);
    releaseSecond();
    await tick();
    expect(locks.held()).toEqual([]);
  });

  it("a tab released while waiting stops waiting: the id goes to the next tab", async () => {
    const locks = webLocks();
    const calls: string[] = [];
    const releaseA = holdClientId(ID, (id) => calls.push(`a:${id ?? "random"}`), locks);
    await tick();
    const releaseB = holdClientId(ID, (id) => calls.push(`b:${id ?? "random"}`), locks);
    await tick();
    const releaseC = holdClientId(ID, (id) => calls.push(`c:${id ?? "random"}`), locks);
    await tick();
    releaseB();
    releaseA();
    await tick();
    expect(calls).toEqual(["a:" + ID, "b:random", "c:random", "c:" + ID]);
    releaseC();
  });

  it("without Web Locks (an insecure context) or when the request fails, uses the id at once", async () => {
    const none: (string | undefined)[] = [];
    holdClientId(ID, (id) => none.push(id), undefined);
    expect(none).toEqual([ID]);
    const failing: ClientIdLocks = { request: () => Promise.reject(new DOMException("denied", "SecurityError")) };
    const failed: (string | undefined)[] = [];
    holdClientId(ID, (id) => failed.push(id), failing);
    await tick();
    expect(failed).toEqual([ID]);
  });
});
