import { render, type RenderResult } from "@testing-library/react";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { addStrings, createI18n } from "../app/i18n";
import { plLoggedIn } from "../app/i18n/pl-logged-in";
import { createAppStore } from "../app/store";
import { commandEnvAtom, type Notify } from "../platform/commands";
import { createApiClient, type ApiClient } from "../lib/api/client";
import type { ApiClients } from "../lib/api/clients";
import type { JotaiStore } from "../shared/store";

/**
 * Test helpers: render a component with the app's providers so its test sits beside it.
 */

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

/** A fresh app store (the one createAppStore of src/app/store.ts), for component tests beside their feature. */
export const createTestStore = createAppStore;

/** The app's toasts for tests that check one: `createNotifier(store)` gives `notify`, ToastHost shows it. */
export { createNotifier } from "../app/notifications";
export { ToastHost } from "../app/ToastHost";

/** The app's Polish translation function, for tests of code that takes one (commands). */
export function polishTranslate(): (key: string) => string {
  const i18n = createI18n("pl");
  addStrings(i18n, "pl", plLoggedIn);
  return (key) => i18n.t(key);
}

/** What {@link renderWithApp} may be given besides the component. */
export type RenderOptions = {
  /** The API clients commands call (every base answers with this one client when only `auth` is given). */
  api?: Partial<ApiClients> & { auth?: ApiClient };
  /** The toast function commands call; default: a no-op. */
  notify?: Notify;
};

/**
 * Renders `ui` as the app would (src/app/App.tsx): inside a Jotai Provider with `store` (a fresh app
 * store by default) and the Polish i18n instance, with the commands' environment (API clients,
 * notify, translation) set in the store the way src/app/boot.ts sets it. Returns the testing
 * library's result and the store.
 */
export function renderWithApp(
  ui: ReactNode,
  store: JotaiStore = createAppStore(),
  options: RenderOptions = {},
): RenderResult & { store: JotaiStore } {
  const i18n = createI18n("pl");
  addStrings(i18n, "pl", plLoggedIn);
  if (options.api !== undefined || store.get(commandEnvAtom) === null) {
    const fallback = options.api?.auth ?? fakeClient(() => ({ status: 500, body: { code: "INTERNAL" } })).client;
    const api: ApiClients = {
      auth: fallback,
      general: fallback,
      generalV1: fallback,
      cameras: fallback,
      camerasV5: fallback,
      garage: fallback,
      ...options.api,
    };
    store.set(commandEnvAtom, {
      api,
      notify: options.notify ?? (() => undefined),
      translate: (key: string) => i18n.t(key),
      store,
    });
  }
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}
