import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LoginScreen } from "./LoginScreen";
import { LockScreen } from "./LockScreen";
import { UNLOCK_FAILURE_KEY } from "../unlockFailure";
import { DEVICE_APP_UI_KEY } from "../../preferences/deviceLayout";
import { pinSwatch } from "../../../shared/pinSwatch";
import { fakeClient, renderWithApp, type Canned } from "../../../test/render";

// The login form is a lazy chunk: its module is loaded once up front (see login.test.tsx).
beforeAll(() => import("./LoginForm"));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

function setup(answer: () => Canned = () => ({ status: 200, body: { item: { login: "demo" } } })) {
  const { client, requests } = fakeClient(answer);
  const onUnlocked = vi.fn();
  const reload = vi.fn();
  const view = renderWithApp(<LockScreen auth={client} onUnlocked={onUnlocked} reload={reload} />);
  return { requests, onUnlocked, reload, view };
}

/** Types `pin` on the keypad, presses 'Odblokuj' and waits for the reload a failure causes. */
async function failOnce(answer: () => Canned, pin = "9"): Promise<void> {
  const { reload } = setup(answer);
  key("Dotknij, aby rozpocząć.");
  for (const digit of pin) key(digit);
  key("Odblokuj");
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  cleanup();
}

/** What the page shows after the reload: a fresh lock screen. */
function afterReload() {
  return setup();
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

  it("appends keypad digits and deletes the last one with the delete key", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    for (const digit of ["1", "3", "5", "7"]) key(digit);
    expect(pinInput().value).toBe("1357");
    key("Usuń ostatnią cyfrę");
    expect(pinInput().value).toBe("135");
  });

  it("offers digits 1-9 and a delete key drawn as an icon, named for screen readers", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    for (const digit of "123456789") expect(screen.getByRole("button", { name: digit })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "0" })).toBeNull();
    const deleteKey = screen.getByRole("button", { name: "Usuń ostatnią cyfrę" });
    expect(deleteKey.textContent).toBe("");
    expect(deleteKey.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("uses the car keypad (76 px keys) when this device shows the car layout", () => {
    localStorage.setItem(DEVICE_APP_UI_KEY, "car");
    const { view } = setup();
    key("Dotknij, aby rozpocząć.");
    expect(view.container.querySelector(".keypad")?.getAttribute("data-size")).toBe("car");
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

  it("after a wrong PIN and the reload, says 'Błędny PIN' with the attempts left, once", async () => {
    await failOnce(() => ({ status: 403, body: { code: "AUTH_BAD_PIN", message: "x", attemptsLeft: 7 } }));
    expect(JSON.parse(sessionStorage.getItem(UNLOCK_FAILURE_KEY) ?? "null")).toEqual({
      kind: "badPin",
      attemptsLeft: 7,
    });

    afterReload();
    expect(screen.getByRole("alert").textContent).toBe("Błędny PIN. Zostało 7 prób.");
    expect(sessionStorage.getItem(UNLOCK_FAILURE_KEY)).toBeNull();
    key("Dotknij, aby rozpocząć.");
    expect(screen.getByRole("alert").textContent).toBe("Błędny PIN. Zostało 7 prób.");
    cleanup();

    afterReload(); // a later reload: the reason was shown already
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("phrases the attempts left in Polish plural forms and warns before the last one", async () => {
    for (const [attemptsLeft, text] of [
      [3, "Błędny PIN. Zostały 3 próby."],
      [5, "Błędny PIN. Zostało 5 prób."],
      [1, "Błędny PIN. Została 1 próba, kolejny błąd zakończy sesję."],
    ] as const) {
      await failOnce(() => ({ status: 403, body: { code: "AUTH_BAD_PIN", message: "x", attemptsLeft } }));
      afterReload();
      expect(screen.getByRole("alert").textContent).toBe(text);
      cleanup();
    }
  });

  it("says how long the hub's back-off lasts and keeps 'Odblokuj' disabled until then", async () => {
    await failOnce(() => ({
      status: 403,
      body: { code: "AUTH_BAD_PIN", message: "x", attemptsLeft: 7, retryAfterMs: 30_000 },
    }));
    afterReload();
    key("Dotknij, aby rozpocząć.");
    expect(screen.getByRole("alert").textContent).toBe("Błędny PIN. Zostało 7 prób.");
    expect(screen.getByText(/^Następna próba za (30|29) s\.$/)).toBeTruthy();
    key("1");
    expect(screen.getByRole("button", { name: "Odblokuj" }).hasAttribute("disabled")).toBe(true);
  });

  it("after an attempt during the back-off says so, with the wait", async () => {
    await failOnce(() => ({ status: 429, body: { code: "AUTH_PIN_DELAY", message: "x", retryAfterMs: 4_000 } }));
    afterReload();
    expect(screen.getByRole("alert").textContent).toBe("Za dużo prób pod rząd.");
    expect(screen.getByText(/^Następna próba za [34] s\.$/)).toBeTruthy();
  });

  it("after any other failure says the unlock did not work", async () => {
    await failOnce(() => ({ status: 500, body: { code: "INTERNAL", message: "x" } }));
    afterReload();
    expect(screen.getByRole("alert").textContent).toBe("Nie udało się odblokować. Spróbuj ponownie.");
  });

  it("after the 10th wrong PIN the login form says the session was ended", async () => {
    await failOnce(() => ({ status: 401, body: { code: "AUTH_SESSION_REVOKED", message: "x" } }));
    const { client } = fakeClient(() => ({ status: 200 }));
    renderWithApp(<LoginScreen auth={client} onLoggedIn={vi.fn()} notify={vi.fn()} />);
    expect(
      await screen.findByText("Zbyt wiele błędnych PIN-ów: sesja została zakończona. Zaloguj się ponownie."),
    ).toBeTruthy();
    expect(sessionStorage.getItem(UNLOCK_FAILURE_KEY)).toBeNull();
  });

  it("forgets an earlier failure once the unlock succeeds", async () => {
    sessionStorage.setItem(UNLOCK_FAILURE_KEY, JSON.stringify({ kind: "badPin", attemptsLeft: 8 }));
    const { onUnlocked } = setup();
    key("Dotknij, aby rozpocząć.");
    for (const digit of "1357") key(digit);
    key("Odblokuj");
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledWith("demo"));
    expect(sessionStorage.getItem(UNLOCK_FAILURE_KEY)).toBeNull();
  });

  it("keeps 'Odblokuj' disabled while no digit is entered", () => {
    setup();
    key("Dotknij, aby rozpocząć.");
    expect(screen.getByRole("button", { name: "Odblokuj" }).hasAttribute("disabled")).toBe(true);
  });
});
