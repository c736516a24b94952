import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { quietDecorativeAnimationEvents } from "./quietAnimationEvents";

describe("quietDecorativeAnimationEvents", () => {
  let uninstall = (): void => undefined;
  afterEach(() => {
    uninstall();
    document.body.innerHTML = "";
  });

  /** A root like React's (a listener on the container, capture and bubble) holding `html`; answers what it heard. */
  function rootHearing(html: string): { root: HTMLElement; heard: string[] } {
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.append(root);
    const heard: string[] = [];
    for (const type of ["animationstart", "animationiteration", "animationend"]) {
      root.addEventListener(type, (event) => heard.push(`${type}:${(event.target as Element).className}`), true);
      root.addEventListener(type, (event) => heard.push(`${type}:${(event.target as Element).className}:bubble`));
    }
    return { root, heard };
  }

  const fire = (element: Element, type: string) => element.dispatchEvent(new Event(type, { bubbles: true }));

  it("a skeleton's or spinner's animation events never reach the app's root", () => {
    const { root, heard } = rootHearing('<span class="skeleton"></span><span class="spinner__ring"></span>');
    uninstall = quietDecorativeAnimationEvents();
    for (const element of root.querySelectorAll("span")) {
      fire(element, "animationstart");
      fire(element, "animationiteration");
      fire(element, "animationend");
    }
    expect(heard).toEqual([]);
  });

  it("other elements' animation events, and every other event, pass untouched", () => {
    const { root, heard } = rootHearing('<span class="toast"></span><span class="skeleton"></span>');
    uninstall = quietDecorativeAnimationEvents();
    fire(root.querySelector(".toast")!, "animationend");
    let clicked = 0;
    root.addEventListener("click", () => clicked++);
    fire(root.querySelector(".skeleton")!, "click");
    expect(heard).toEqual(["animationend:toast", "animationend:toast:bubble"]);
    expect(clicked).toBe(1);
  });

  it("uninstalled, every animation event reaches the root again", () => {
    const { root, heard } = rootHearing('<span class="skeleton"></span>');
    quietDecorativeAnimationEvents()();
    fire(root.querySelector(".skeleton")!, "animationiteration");
    expect(heard).toEqual(["animationiteration:skeleton", "animationiteration:skeleton:bubble"]);
  });

  it("no component handles animation events (the premise of stopping them before React)", () => {
    const src = join(__dirname, "..");
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const handlers = files.filter((file) =>
      /\bonAnimation(Start|Iteration|End)\b/.test(readFileSync(join(src, file), "utf8")),
    );
    expect(handlers).toEqual([]);
  });
});
