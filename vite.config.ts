import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/precompress";
import { nonBlockingEntryCss } from "./scripts/nonBlockingCss";
import { preloadBootChunks } from "./scripts/bootChunks";
import { routeChunkMap } from "./scripts/routeChunks";
import { compileHints } from "./scripts/compileHints";
import { pureReexports } from "./scripts/pureReexports";
import { fileURLToPath } from "node:url";

/**
 * Build of the dashboard PWA. The hub serves `dist/`; `npm run dev` proxies the API bases and the
 * MQTT WebSocket to a hub on HUB_DEV_TARGET (http://localhost:8080 by default).
 */
const hub = process.env.HUB_DEV_TARGET ?? "http://localhost:8080";

/** Dark navy of the app shell and the icons (scripts/icons.ts). */
const THEME_COLOUR = "#101418";

/**
 * Installable offline-first PWA (DESIGN.md §5): our own service worker `sw/sw.ts`
 * (injectManifest: Workbox modules, precache list injected at build), `/manifest.json` loaded with
 * credentials (spec §2), no auto-registration (the kiosk feature registers it and applies updates
 * only at idle: registerType "prompt").
 */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "sw",
  filename: "sw.ts",
  manifestFilename: "manifest.json",
  useCredentials: true,
  injectRegister: false,
  registerType: "prompt",
  includeAssets: ["icons/apple-touch-icon-180.png"],
  manifest: {
    id: "/",
    name: "Dom — panel",
    short_name: "Dom",
    description: "Panel domowy: czujniki, przełączniki, kamery",
    lang: "pl",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: THEME_COLOUR,
    theme_color: THEME_COLOUR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    globPatterns: ["**/*.{js,css,html,png,svg,woff2}"],
    globIgnores: ["**/*.map"],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/routes",
      generatedRouteTree: "src/routeTree.gen.ts",
    }),
    react(),
    // A feature's index.ts re-exports only: importing one name loads that module only.
    pureReexports(fileURLToPath(new URL("./src/", import.meta.url))),
    // The entry stylesheet preloaded, not render-blocking: the inline shell paints at once.
    nonBlockingEntryCss(),
    // The boot chunks the entry imports dynamically are preloaded by index.html.
    preloadBootChunks(),
    // Each route's chunks, for the shell's idle link prefetch to fetch without evaluating.
    routeChunkMap(fileURLToPath(new URL("./src/routes", import.meta.url))),
    // The first screen's chunks compiled eagerly, off the main thread, as Chromium streams them.
    compileHints(),
    pwa,
    // After the PWA plugin: Brotli and gzip copies of every compressible file, sw.js included.
    precompress(),
  ],
  build: {
    target: "es2022",
    sourcemap: true,
    // Issue 9 (total blocking time): one stylesheet, applied at start while the DOM is the shell, and
    // no modulepreload links for a lazy chunk's imports. Vite's preload helper otherwise appended a
    // <link> per CSS file and per imported chunk (35 for the home route) when a route loaded, inside
    // the router's layout effect: a 151 ms task unthrottled (600 ms in Lighthouse's 4x simulation)
    // in the dashboard's load. The browser still fetches a chunk's imports as it parses it, and the
    // shell's usePrefetchLinks loads the bar's routes while idle. index.html keeps its own links.
    cssCodeSplit: false,
    modulePreload: { resolveDependencies: (_file, deps, context) => (context.hostType === "html" ? deps : []) },
  },
  // The live worker (src/lib/mqtt/live.worker.ts) is an ES module worker, like the page's chunks.
  worker: { format: "es" },
  server: {
    proxy: {
      "/api": hub,
      "/mqtt": { target: hub.replace(/^http/, "ws"), ws: true },
    },
  },
});
