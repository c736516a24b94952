import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { bootApp } from "./app/boot";
import "./styles/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const { parts, ready } = bootApp();
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App {...parts} />
    </StrictMode>,
  ),
);
