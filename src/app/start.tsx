import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { nextTask } from "../lib/tasks/nextTask";
import { App } from "./App";
import { bootApp } from "./boot";

/**
 * Starts the app into `root` (the entry, src/main.tsx, loads this chunk after React's DOM renderer,
 * each evaluated in a task of its own): boots it (store, API, offline restore, session
 * validation, i18n, router: {@link bootApp}), waits for the saved locale and for `stylesheet` (the
 * entry stylesheet, which index.html only preloads), then renders in a transition, time-sliced, so
 * the first render is not one long task; the shell in index.html stays painted until it commits.
 * Never rejects.
 */
export async function startApp(root: HTMLElement, stylesheet: Promise<void>): Promise<void> {
  await nextTask();
  const { parts, ready } = await bootApp();
  await Promise.all([ready, stylesheet]);
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App {...parts} />
      </StrictMode>,
    ),
  );
}
