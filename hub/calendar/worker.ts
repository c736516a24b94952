// The calendar worker's entry (a node:worker_threads Worker started by parser.ts; bundled as
// dist-hub/calendar-worker.js): answers each ParseRequest with its ParseAnswer, one at a time.
import { parentPort } from "node:worker_threads";
import { runParseRequest, type ParseRequest, type WorkerReady } from "./parseJob";

const port = parentPort;
if (!port) throw new Error("hub/calendar/worker.ts runs only as a worker thread (parser.ts starts it)");
port.on("message", (request: ParseRequest) => port.postMessage(runParseRequest(request)));
port.postMessage({ ready: true } satisfies WorkerReady);
