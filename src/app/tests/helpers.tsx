import { render, type RenderResult } from "@testing-library/react";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createApiClient, type ApiClient } from "../../lib/api/client";
import type { JotaiStore } from "../../shared/store";
import { createI18n } from "../i18n";
import { createAppStore } from "../store";

/** A recorded request of {@link fakeAuth}: method, path after the base, parsed JSON body. */
export type Recorded = { method: string; path: string; body: unknown };

/** A canned answer: status and JSON body (optional delay to observe "submitting"). */
export type Canned = { status: number; body?: unknown; statusText?: string; delayMs?: number };

/**
 * An ApiClient on base "/api/auth/v1" whose fetch never leaves the process: `answer` decides each
 * response; every request is recorded. Retries off, so a test sees exactly one call per action.
 */
export function fakeClient(answer: (request: Recorded) => Canned, onErrorCode?: (code: string) => void) {
  const requests: Recorded[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, "http://localhost");
    const text = await request.text();
    const recorded: Recorded = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/auth\/v1/, ""),
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const canned = answer(recorded);
    if (canned.delayMs) await new Promise((resolve) => setTimeout(resolve, canned.delayMs));
    return new Response(canned.body === undefined ? null : JSON.stringify(canned.body), {
      status: canned.status,
      statusText: canned.statusText ?? "",
      headers: { "content-type": "application/json" },
    });
  };
  const client: ApiClient = createApiClient({
    baseUrl: "http://localhost/api/auth/v1",
    retry: 0,
    fetch: fetchImpl,
    onErrorCode,
  });
  return { client, requests };
}

/** Renders `ui` inside a Jotai Provider with the given store and the Polish i18n instance. */
export function renderWithApp(
  ui: ReactNode,
  store: JotaiStore = createAppStore(),
): RenderResult & { store: JotaiStore } {
  const i18n = createI18n("pl");
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}
