import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

/**
 * Build of the dashboard PWA. The hub serves `dist/`; `npm run dev` proxies the API bases and the
 * MQTT WebSocket to a hub on HUB_DEV_TARGET (http://localhost:8080 by default).
 */
const hub = process.env.HUB_DEV_TARGET ?? "http://localhost:8080";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes", generatedRouteTree: "src/routeTree.gen.ts" }),
    react(),
  ],
  build: { target: "es2022", sourcemap: true },
  server: {
    proxy: {
      "/api": hub,
      "/mqtt": { target: hub.replace(/^http/, "ws"), ws: true },
    },
  },
});
