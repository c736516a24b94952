import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LoginScreen } from "./LoginScreen";
import { fakeClient, renderWithApp, createTestStore, createNotifier, ToastHost } from "../../../test/render";

afterEach(cleanup);
// The form is a lazy chunk: load its module once up front, so a slow first transform of
// react-hook-form under load does not eat into the first test's wait for the form.
beforeAll(() => import("./LoginForm"));

const REQUIRED = ["Login jest wymagany", "Hasło jest wymagane", "Nazwa sesji jest wymagana"];

/** Renders the login screen and waits for its lazily loaded form. */
async function setup(answer: Parameters<typeof fakeClient>[0]) {
  const { client, requests } = fakeClient(answer);
  const onLoggedIn = vi.fn();
  const store = createTestStore();
  const notify = createNotifier(store);
  renderWithApp(
    <>
      <LoginScreen auth={client} onLoggedIn={onLoggedIn} notify={notify} />
      <ToastHost />
    </>,
    store,
  );
  await screen.findByRole("button", { name: "Zaloguj się" });
  return { requests, onLoggedIn };
}

async function fillAll() {
  fireEvent.change(screen.getByLabelText("Login"), { target: { value: "demo" } });
  fireEvent.change(screen.getByLabelText("Hasło"), { target: { value: "demo" } });
  fireEvent.change(screen.getByLabelText("Nazwa sesji"), { target: { value: "Tablet" } });
}

describe("login screen (spec §2, §5, §8)", () => {
  it("shows the title, the three labelled fields, the placeholder and the submit button", async () => {
    await setup(() => ({ status: 200, body: { item: { login: "demo" } } }));
    expect(screen.getByRole("heading", { level: 1, name: "Logowanie" })).toBeTruthy();
    expect(screen.getByLabelText("Hasło").getAttribute("type")).toBe("password");
    expect(screen.getByLabelText("Nazwa sesji").getAttribute("placeholder")).toBe("np. Komputer domowy lub Telefon");
    expect(screen.getByRole("button", { name: "Zaloguj się" })).toBeTruthy();
    expect(document.title).toBe("Logowanie — Dom");
  });

  it("shows no error on mount or while typing, only after the field is left", async () => {
    await setup(() => ({ status: 200 }));
    await act(async () => {});
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
    const login = screen.getByLabelText("Login");
    fireEvent.focus(login);
    fireEvent.change(login, { target: { value: "x" } });
    fireEvent.change(login, { target: { value: "" } });
    await act(async () => {});
    expect(screen.queryByText("Login jest wymagany")).toBeNull();
    fireEvent.blur(login);
    expect(await screen.findByText("Login jest wymagany")).toBeTruthy();
    expect(screen.queryByText("Hasło jest wymagane")).toBeNull();
    fireEvent.change(login, { target: { value: "demo" } });
    await act(async () => {});
    expect(screen.getByText("Login jest wymagany")).toBeTruthy();
    fireEvent.blur(login);
    await waitFor(() => expect(screen.queryByText("Login jest wymagany")).toBeNull());
  });

  it("shows all three required messages after a submit attempt and sends nothing", async () => {
    const { requests } = await setup(() => ({ status: 200 }));
    fireEvent.click(screen.getByRole("button", { name: "Zaloguj się" }));
    for (const message of REQUIRED) expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByRole("alert").map((node) => node.textContent)).toEqual(REQUIRED);
    expect(requests).toHaveLength(0);
  });

  it("puts 'Niepoprawne hasło lub login' on the password field for AUTH_BAD_USER_OR_PWD", async () => {
    await setup(() => ({ status: 401, body: { code: "AUTH_BAD_USER_OR_PWD", message: "bad" } }));
    await fillAll();
    fireEvent.click(screen.getByRole("button", { name: "Zaloguj się" }));
    const error = await screen.findByText("Niepoprawne hasło lub login");
    expect(screen.getByLabelText("Hasło").getAttribute("aria-describedby")).toBe(error.id);
    expect(screen.queryByText("Nieudane logowanie")).toBeNull();
  });

  it("shows 'Nieokreślony błąd' on the password field and a 'Nieudane logowanie' toast on any other failure", async () => {
    await setup(() => ({ status: 500, statusText: "Internal Server Error", body: { code: "INTERNAL", message: "x" } }));
    await fillAll();
    fireEvent.click(screen.getByRole("button", { name: "Zaloguj się" }));
    const error = await screen.findByText("Nieokreślony błąd");
    expect(screen.getByLabelText("Hasło").getAttribute("aria-describedby")).toBe(error.id);
    const toasts = screen.getAllByRole("status").find((node) => node.textContent?.includes("Nieudane logowanie"));
    expect(toasts).toBeTruthy();
  });

  it("sends login, password and session name, disables submit while submitting and after success", async () => {
    const { requests, onLoggedIn } = await setup(() => ({
      status: 200,
      body: { item: { login: "demo" } },
      delayMs: 50,
    }));
    await fillAll();
    const submit = screen.getByRole("button", { name: "Zaloguj się" });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute("disabled")).toBe(true));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith("demo"));
    expect(requests).toEqual([
      { method: "POST", path: "/auth", body: { login: "demo", password: "demo", sessionName: "Tablet" } },
    ]);
    expect(submit.hasAttribute("disabled")).toBe(true);
  });

  it("enables submit again after a failed attempt", async () => {
    await setup(() => ({ status: 401, body: { code: "AUTH_BAD_USER_OR_PWD", message: "bad" } }));
    await fillAll();
    const submit = screen.getByRole("button", { name: "Zaloguj się" });
    fireEvent.click(submit);
    await screen.findByText("Niepoprawne hasło lub login");
    expect(submit.hasAttribute("disabled")).toBe(false);
  });
});
