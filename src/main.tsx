import { applyAppStylesheet } from "./app/stylesheet";
import { nextTask } from "./lib/tasks/nextTask";
import { quietDecorativeAnimationEvents } from "./ui/quietAnimationEvents";
import "./styles/index.css";

// The entry is small on purpose (no long task while a slow phone starts the app): React's
// DOM renderer and then the app are chunks of their own, each evaluated in its own task. index.html
// preloads every chunk this file imports dynamically (scripts/bootChunks.ts), so they download with
// this one, not after it: import nothing else dynamically here.
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

quietDecorativeAnimationEvents();
const stylesheet = applyAppStylesheet();
void import("react-dom/client")
  .then(nextTask)
  .then(() => import("./app/start"))
  .then(({ startApp }) => startApp(root, stylesheet));
