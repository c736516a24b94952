import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { liveValueAtom } from "../../live/atoms";
import { browserOnlineAtom } from "../../offline/atoms";
import { TasmotaConsole } from "./TasmotaConsole";

afterEach(cleanup);

const hub = () =>
  fakeClient((request) => {
    const cmd = (request.body as { cmd: string }).cmd;
    if (cmd.includes(";")) return { status: 400, body: { code: "BAD_REQUEST", message: "cmd: the argument must be plain text" } };
    if (cmd === "Wait") return { status: 409, body: { code: "DEVICE_NO_ANSWER", message: "the device did not answer within 5 s" } };
    return { status: 200, body: { item: { command: cmd, topic: "stat/listwa/STATUS0", response: { Status: { Topic: "listwa" } } } } };
  });

const send = (text: string) => {
  fireEvent.change(screen.getByLabelText("Polecenie Tasmota"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Wyślij" }));
};

describe("Tasmota console of a switch", () => {
  it("sends the line to POST /config/switches/{id}/tasmota/cmd and shows the answer as readable JSON, newest first; refusals and silence as Polish lines", async () => {
    const api = hub();
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), { api: { general: api.client } });
    expect(screen.getByText("Nie wysłano jeszcze żadnego polecenia.")).toBeTruthy();
    send("Status 0");
    await screen.findByText("Odpowiedź z stat/listwa/STATUS0");
    expect(api.requests).toEqual([{ method: "POST", path: "/config/switches/listwa/tasmota/cmd", body: { cmd: "Status 0" } }]);
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
    renderWithApp(<TasmotaConsole name="listwa" label="Listwa w biurze" />, createTestStore(), { api: { general: api.client } });
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
});
