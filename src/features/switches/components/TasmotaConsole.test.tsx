import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { liveValueAtom } from "../../../platform/live/atoms";
import { browserOnlineAtom } from "../../../platform/offline/atoms";
import { TasmotaConsole } from "./TasmotaConsole";

afterEach(cleanup);

const hub = () =>
  fakeClient((request) => {
    const { cmd, pin } = request.body as { cmd: string; pin?: number };
    if (cmd.startsWith("MqttHost ") && pin === undefined)
      return { status: 403, body: { code: "PIN_REQUIRED", message: "needs the PIN", commands: ["MqttHost"] } };
    if (cmd.startsWith("MqttHost ") && pin === 1111)
      return { status: 403, body: { code: "AUTH_BAD_PIN", message: "Wrong PIN", attemptsLeft: 9 } };
    if (cmd.startsWith("MqttHost ") && pin === 2222)
      return { status: 429, body: { code: "AUTH_PIN_DELAY", message: "Wait", retryAfterMs: 4000 } };
    if (cmd.includes(";"))
      return { status: 400, body: { code: "BAD_REQUEST", message: "cmd: the argument must be plain text" } };
    if (cmd === "Wait")
      return { status: 409, body: { code: "DEVICE_NO_ANSWER", message: "the device did not answer within 5 s" } };
    return {
      status: 200,
      body: { item: { command: cmd, topic: "stat/listwa/STATUS0", response: { Status: { Topic: "listwa" } } } },
    };
  });

const send = (text: string) => {
  fireEvent.change(screen.getByLabelText("Polecenie Tasmota"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Wyślij" }));
};

describe("Tasmota console of a switch", () => {
  it("sends the line to POST /config/switches/{id}/tasmota/cmd and shows the answer as readable JSON, newest first; refusals and silence as Polish lines", async () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), {
      api: { general: api.client },
    });
    expect(screen.getByText("Nie wysłano jeszcze żadnego polecenia.")).toBeTruthy();
    send("Status 0");
    await screen.findByText("Odpowiedź z stat/listwa/STATUS0");
    expect(api.requests).toEqual([
      { method: "POST", path: "/config/switches/listwa/tasmota/cmd", body: { cmd: "Status 0" } },
    ]);
    expect(screen.getByText("> Status 0")).toBeTruthy();
    expect(document.querySelector("pre")?.textContent).toBe(JSON.stringify({ Status: { Topic: "listwa" } }, null, 2));
    expect((screen.getByLabelText("Polecenie Tasmota") as HTMLInputElement).value).toBe("");

    send("Power ON; Restart 1");
    await screen.findByText(/^Polecenie odrzucone:/);
    expect((screen.getByLabelText("Polecenie Tasmota") as HTMLInputElement).value).toBe("Power ON; Restart 1");
    send("Wait");
    await waitFor(() => expect(screen.getAllByText("Urządzenie nie odpowiedziało")).toHaveLength(1));
    const lines = screen.getAllByRole("listitem").map((item) => item.querySelector("code")?.textContent);
    expect(lines).toEqual(["> Wait", "> Power ON; Restart 1", "> Status 0"]);
  });

  it("an empty line asks for a command and sends nothing", () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), {
      api: { general: api.client },
    });
    send("   ");
    expect(screen.getByRole("alert").textContent).toBe("Wpisz polecenie");
    expect(api.requests).toEqual([]);
  });

  it("disabled while offline and while the device is unavailable", () => {
    const store = createTestStore();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, store, { api: { general: hub().client } });
    act(() => store.set(liveValueAtom("availability/listwa"), { value: { state: "offline" }, receivedAt: Date.now() }));
    expect((screen.getByRole("button", { name: "Wyślij" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Urządzenie jest niedostępne. Nic nie zostało wysłane.")).toBeTruthy();
    act(() => store.set(liveValueAtom("availability/listwa"), { value: { state: "online" }, receivedAt: Date.now() }));
    expect((screen.getByRole("button", { name: "Wyślij" }) as HTMLButtonElement).disabled).toBe(false);
    act(() => store.set(browserOnlineAtom, false));
    expect((screen.getByLabelText("Polecenie Tasmota") as HTMLInputElement).disabled).toBe(true);
  });

  it("a command that needs the PIN opens the PIN prompt naming it; a wrong PIN is said in Polish; the right PIN sends the line again with it", async () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), {
      api: { general: api.client },
    });
    send("MqttHost 10.0.0.66");
    const dialog = await screen.findByRole("dialog", { name: "Podaj PIN, aby wysłać to polecenie" });
    expect(dialog.textContent).toContain("MqttHost: to polecenie zmienia, jak urządzenie się łączy");
    const pinField = within(dialog).getByLabelText("PIN");
    const confirm = within(dialog).getByRole("button", { name: "Wyślij z PIN-em" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    for (const digit of ["1", "1", "1", "1"]) fireEvent.click(within(dialog).getByRole("button", { name: digit }));
    expect((pinField as HTMLInputElement).value).toBe("1111");
    fireEvent.click(confirm);
    await within(dialog).findByText("Błędny PIN. Zostało 9 prób.");
    expect((pinField as HTMLInputElement).value).toBe("");

    fireEvent.change(pinField, { target: { value: "13a57" } });
    expect((pinField as HTMLInputElement).value).toBe("1357");
    fireEvent.submit(pinField.closest("form") as HTMLFormElement);
    await screen.findByText("Odpowiedź z stat/listwa/STATUS0");
    expect(api.requests.map((request) => request.body)).toEqual([
      { cmd: "MqttHost 10.0.0.66" },
      { cmd: "MqttHost 10.0.0.66", pin: 1111 },
      { cmd: "MqttHost 10.0.0.66", pin: 1357 },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("during the hub's back-off the prompt says so with the countdown and does not send", async () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), {
      api: { general: api.client },
    });
    send("MqttHost 10.0.0.66");
    const dialog = await screen.findByRole("dialog", { name: "Podaj PIN, aby wysłać to polecenie" });
    const pinField = within(dialog).getByLabelText("PIN");
    fireEvent.change(pinField, { target: { value: "2222" } });
    fireEvent.submit(pinField.closest("form") as HTMLFormElement);
    await within(dialog).findByText("Za dużo prób pod rząd.");
    expect(within(dialog).getByText(/^Następna próba za \d s\.$/)).toBeTruthy();
    fireEvent.change(pinField, { target: { value: "1357" } });
    expect((within(dialog).getByRole("button", { name: "Wyślij z PIN-em" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(pinField.closest("form") as HTMLFormElement);
    expect(api.requests).toHaveLength(2);
  });

  it("cancelling the PIN prompt sends nothing more and says so in the history", async () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), {
      api: { general: api.client },
    });
    send("MqttHost 10.0.0.66");
    const dialog = await screen.findByRole("dialog", { name: "Podaj PIN, aby wysłać to polecenie" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));
    await screen.findByText("Nie wysłano: to polecenie wymaga PIN-u.");
    expect(api.requests).toHaveLength(1);
  });
});
