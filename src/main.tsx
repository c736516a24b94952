import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { bootApp } from "./app/boot";
import { applyAppStylesheet } from "./app/stylesheet";
import "./styles/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const { parts, ready } = bootApp();
// A transition renders in time slices, yielding to the browser every few ms, so the first render is
// not one long task (issue 9: the dashboard's total blocking time); the shell in index.html stays
// painted until it commits. The entry stylesheet is applied first (index.html only preloads it).
void Promise.all([ready, applyAppStylesheet()]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App {...parts} />
      </StrictMode>,
    ),
  ),
);
