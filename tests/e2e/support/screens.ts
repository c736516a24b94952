import type { Page } from "@playwright/test";

/** STYLE.md's four sizes; the car head unit is shown in the car layout. */
export const SCREEN_SIZES = [
  { name: "tablet-1280x800", width: 1280, height: 800, car: false },
  { name: "tablet-1920x1200", width: 1920, height: 1200, car: false },
  { name: "phone-390x844", width: 390, height: 844, car: false },
  { name: "car-1024x600", width: 1024, height: 600, car: true },
] as const;

/** One of {@link SCREEN_SIZES}. */
export type ScreenSize = (typeof SCREEN_SIZES)[number];

/** Every route of spec §2 a logged-in household can open (the camera id is any string). */
export const SCREEN_ROUTES = [
  "/",
  "/weather",
  "/menu",
  "/switches",
  "/cameras",
  "/cameras/live?id=brama",
  "/automations",
  "/remotes",
  "/gps",
  "/pv",
  "/devices",
] as const;

/**
 * What overflows on the current page, as readable lines: the page scrolling sideways, and any
 * element whose content is wider or taller than its box while it lets the overflow show (a value
 * cut at a tile's edge or spilling out of it). Elements that scroll or clip on purpose
 * (overflow auto/hidden/scroll/clip) and hidden ones are not counted. Empty when nothing overflows.
 */
export async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth + 1)
      found.push(`the page scrolls sideways (${root.scrollWidth}px in ${root.clientWidth}px)`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      if (element.clientWidth === 0 || element.closest("[hidden], .visually-hidden") !== null) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === "visible" && element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join(".")}` : ""}`;
        found.push(
          `${name} "${(element.textContent ?? "").trim().slice(0, 40)}": content ${element.scrollWidth}px wide in ${element.clientWidth}px`,
        );
      }
    }
    return found.slice(0, 12);
  });
}

/** The route's file-name stem for screenshots: `/` -> `home`, `/cameras/live?id=brama` -> `cameras-live-id-brama`. */
export function screenFileName(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replace(/[/?=]/g, "-");
}
