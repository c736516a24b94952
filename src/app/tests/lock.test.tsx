import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LockScreen } from "../../features/auth/components/LockScreen";
import { pinSwatch } from "../../shared/pinSwatch";
import { fakeClient, renderWithApp, type Canned } from "./helpers";

afterEach(cleanup);

function setup(answer: () => Canned = () => ({ status: 200, body: { item: { login: "demo" } } })) {
  const { client, requests } = fakeClient(answer);
  const onUnlocked = vi.fn();
  const reload = vi.fn();
  renderWithApp(<LockScreen auth={client} onUnlocked={onUnlocked} reload={reload} />);
  return { requests, onUnlocked, reload };
}

const pinInput = () => screen.getByLabelText<HTMLInputElement>("PIN");
const key = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

function swatchColours(): string[] {
  const swatch = screen.getByTestId("pin-swatch");
  return [...swatch.children].map((child) => (child instanceof HTMLElement ? child.style.backgroundColor : ""));
}

/** The browser may serialise "#aabbcc" as rgb(); compare both forms. */
function toRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
const sameColour = (actual: string, hex: string) => actual.toLowerCase() === hex.toLowerCase() || actual === toRgb(hex);

describe("lock screen (spec §2, §5, §8)", () => {
  it("asks for a first touch before showing the PIN pad", () => {
    setup();
    expect(screen.queryByText("Sesja zablokowana, wprowadź PIN")).toBeNull();
    key("Dotknij, aby rozpocząć.");
    expect(screen.getByText("Sesja zablokowana, wprowadź PIN")).toBeTruthy();
    expect(pinInput().getAttribute("type")).toBe("password");
    expect(pinInput().getAttribute("inputmode")).toBe("numeric");
  });

  it("appends keypad digits and deletes the last one with DEL", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    for (const digit of ["1", "3", "5", "7"]) key(digit);
    expect(pinInput().value).toBe("1357");
    key("Usuń ostatnią cyfrę");
    expect(pinInput().value).toBe("135");
    expect(screen.getByRole("button", { name: "Usuń ostatnią cyfrę" }).textContent).toBe("DEL");
  });

  it("accepts typed digits and Backspace anywhere on the screen", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    fireEvent.keyDown(document.body, { key: "4" });
    fireEvent.keyDown(document.body, { key: "2" });
    fireEvent.keyDown(document.body, { key: "x" });
    expect(pinInput().value).toBe("42");
    fireEvent.keyDown(document.body, { key: "Backspace" });
    expect(pinInput().value).toBe("4");
  });

  it("shows a four-colour swatch that follows the entered PIN", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    key("1");
    key("3");
    const first = swatchColours();
    expect(first).toHaveLength(4);
    pinSwatch("13").forEach((hex, i) => expect(sameColour(first[i] ?? "", hex)).toBe(true));
    key("5");
    const second = swatchColours();
    expect(second).not.toEqual(first);
    pinSwatch("135").forEach((hex, i) => expect(sameColour(second[i] ?? "", hex)).toBe(true));
  });

  it("sends the PIN as a number and reports the returned login", async () => {
    const { requests, onUnlocked, reload } = setup();
    key("Dotknij, aby rozpocząć.");
    for (const digit of ["1", "3", "5", "7"]) key(digit);
    key("Odblokuj");
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledWith("demo"));
    expect(requests).toEqual([{ method: "POST", path: "/session/unlock", body: { pin: 1357 } }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page when the unlock fails", async () => {
    const { onUnlocked, reload } = setup(() => ({
      status: 403,
      body: { code: "AUTH_BAD_PIN", message: "x", attemptsLeft: 9 },
    }));
    key("Dotknij, aby rozpocząć.");
    key("9");
    key("Odblokuj");
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it("keeps 'Odblokuj' disabled while no digit is entered", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    expect(screen.getByRole("button", { name: "Odblokuj" }).hasAttribute("disabled")).toBe(true);
  });
});
