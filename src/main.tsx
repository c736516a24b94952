import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { bootApp } from "./app/boot";
import { applyAppStylesheet } from "./app/stylesheet";
import { nextTask } from "./lib/tasks/nextTask";
import { quietDecorativeAnimationEvents } from "./ui/quietAnimationEvents";
import "./styles/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Booting starts in a task after this module's evaluation, and runs in tasks of its own (issue 9).
// A transition renders in time slices, yielding to the browser every few ms, so the first render is
// not one long task (issue 9: the dashboard's total blocking time); the shell in index.html stays
// painted until it commits. The entry stylesheet is applied first (index.html only preloads it).
quietDecorativeAnimationEvents();
const stylesheet = applyAppStylesheet();
void nextTask()
  .then(bootApp)
  .then(({ parts, ready }) => Promise.all([ready, stylesheet]).then(() => parts))
  .then((parts) =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App {...parts} />
        </StrictMode>,
      ),
    ),
  );
