// Page-side counters of the camera long run (bench/camera-longrun.ts): what a live view left open
// for hours could leak, counted by wrapping the browser APIs before any app script runs. No app
// code is changed.
import type { Page } from "@playwright/test";
import { reactCommitHook } from "./probes";

/** One 'longtask' entry: start and duration in page milliseconds (performance.now()). */
export interface PageLongTask {
  start: number;
  duration: number;
}

/** What {@link readCameraProbes} answers. */
export interface CameraProbeReading {
  /** Object URLs created and not revoked (`URL.createObjectURL` / `revokeObjectURL`). */
  objectUrlsLive: number;
  objectUrlsCreated: number;
  /** `RTCPeerConnection`s made and not closed (still referenced; `connectionState` not `closed`). */
  peerConnectionsOpen: number;
  peerConnectionsCreated: number;
  /** `ImageBitmap`s from `createImageBitmap` not closed (and not collected). */
  imageBitmapsOpen: number;
  /** Timers pending now: `setTimeout`s not yet run or cleared, `setInterval`s not cleared. */
  timeoutsPending: number;
  intervalsActive: number;
  /** Long tasks (PerformanceObserver 'longtask') since the last read; the page keeps at most 2,000. */
  longTasks: PageLongTask[];
  /** Animation frames rendered so far (a requestAnimationFrame loop). */
  animationFrames: number;
  /** React commits so far (through a minimal DevTools global hook). */
  reactCommits: number;
  /** `document.visibilityState` changes so far, as [performance.now(), state]; the page keeps the last 50. */
  visibility: Array<[number, string]>;
  /** performance.now() when read. */
  now: number;
}

/**
 * The counters, as plain source text (tsx would wrap a serialised function in helpers the page does
 * not have). Wrappers keep the APIs' behaviour: they call the originals with the same arguments.
 * Peer connections and bitmaps are held through WeakRefs, so counting them changes no lifetime.
 */
const CAMERA_PROBE_SCRIPT = `
(function () {
  if (window.__cameraBench) return;
  var liveUrls = new Set();
  var urlsCreated = 0;
  var create = URL.createObjectURL;
  var revoke = URL.revokeObjectURL;
  URL.createObjectURL = function (object) {
    var url = create.call(URL, object);
    liveUrls.add(url);
    urlsCreated += 1;
    return url;
  };
  URL.revokeObjectURL = function (url) {
    liveUrls.delete(url);
    return revoke.call(URL, url);
  };

  var pcs = [];
  var pcsCreated = 0;
  if (typeof window.RTCPeerConnection === "function") {
    var Original = window.RTCPeerConnection;
    var Counted = class extends Original {
      constructor(config) {
        super(config);
        pcs.push(new WeakRef(this));
        pcsCreated += 1;
      }
    };
    window.RTCPeerConnection = Counted;
  }

  var bitmaps = [];
  if (typeof window.createImageBitmap === "function") {
    var createBitmap = window.createImageBitmap;
    window.createImageBitmap = function () {
      return createBitmap.apply(window, arguments).then(function (bitmap) {
        bitmaps.push(new WeakRef(bitmap));
        return bitmap;
      });
    };
  }

  var timeouts = new Set();
  var intervals = new Set();
  var setT = window.setTimeout, clearT = window.clearTimeout, setI = window.setInterval, clearI = window.clearInterval;
  window.setTimeout = function (handler, ms) {
    if (typeof handler !== "function") return setT.apply(window, arguments);
    var args = Array.prototype.slice.call(arguments, 2);
    var id = setT.call(window, function () {
      timeouts.delete(id);
      return handler.apply(this, args);
    }, ms);
    timeouts.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    timeouts.delete(id);
    intervals.delete(id);
    return clearT.call(window, id);
  };
  window.setInterval = function () {
    var id = setI.apply(window, arguments);
    intervals.add(id);
    return id;
  };
  window.clearInterval = function (id) {
    timeouts.delete(id);
    intervals.delete(id);
    return clearI.call(window, id);
  };

  var longTasks = [];
  try {
    new PerformanceObserver(function (list) {
      for (var entry of list.getEntries()) {
        longTasks.push({ start: entry.startTime, duration: entry.duration });
        if (longTasks.length > 2000) longTasks.shift();
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}

  var frames = 0;
  (function countFrames() { frames += 1; requestAnimationFrame(countFrames); })();

  var commits = 0;
  ${reactCommitHook("commits += 1;")}

  // Page visibility the bench can set: headless Chromium keeps a page "visible" when its window is
  // minimised or another tab is in front, and CDP's frozen lifecycle state fires no visibilitychange.
  var forcedHidden = false;
  var stateOf = Object.getOwnPropertyDescriptor(Document.prototype, "visibilityState");
  var hiddenOf = Object.getOwnPropertyDescriptor(Document.prototype, "hidden");
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, enumerable: true, get: function () { return forcedHidden ? "hidden" : stateOf.get.call(this); } });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, enumerable: true, get: function () { return forcedHidden || hiddenOf.get.call(this); } });

  var visibility = [];
  document.addEventListener("visibilitychange", function () {
    visibility.push([performance.now(), document.visibilityState]);
    if (visibility.length > 50) visibility.shift();
  });

  window.__cameraBench = {
    setHidden: function (hidden) {
      if (forcedHidden === hidden) return;
      forcedHidden = hidden;
      document.dispatchEvent(new Event("visibilitychange"));
    },
    read: function () {
      var openPcs = 0;
      pcs = pcs.filter(function (ref) { return ref.deref() !== undefined; });
      pcs.forEach(function (ref) { var pc = ref.deref(); if (pc && pc.connectionState !== "closed" && pc.signalingState !== "closed") openPcs += 1; });
      bitmaps = bitmaps.filter(function (ref) { var b = ref.deref(); return b !== undefined && b.width > 0; });
      var tasks = longTasks;
      longTasks = [];
      return {
        objectUrlsLive: liveUrls.size,
        objectUrlsCreated: urlsCreated,
        peerConnectionsOpen: openPcs,
        peerConnectionsCreated: pcsCreated,
        imageBitmapsOpen: bitmaps.length,
        timeoutsPending: timeouts.size,
        intervalsActive: intervals.size,
        longTasks: tasks,
        animationFrames: frames,
        reactCommits: commits,
        visibility: visibility.slice(),
        now: performance.now(),
      };
    },
  };
})();
`;

/** Installs the counters in every document the page loads from now on. */
export async function installCameraProbes(page: Page): Promise<void> {
  await page.addInitScript({ content: CAMERA_PROBE_SCRIPT });
}

/**
 * Hides the page (`document.visibilityState` "hidden", `document.hidden` true, a `visibilitychange`
 * event) or shows it again, as a browser does when its tab goes to the background: headless
 * Chromium offers no real way (a minimised window and a tab behind another stay "visible").
 */
export async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(
    (h) => (window as unknown as { __cameraBench: { setHidden(hidden: boolean): void } }).__cameraBench.setHidden(h),
    hidden,
  );
}

/** Reads the counters (and takes the long tasks collected since the last read). */
export async function readCameraProbes(page: Page): Promise<CameraProbeReading> {
  return page.evaluate(() =>
    (window as unknown as { __cameraBench: { read(): CameraProbeReading } }).__cameraBench.read(),
  );
}
