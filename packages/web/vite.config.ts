// Vite build of the single-page app. The API server serves dist/ under a strict CSP, so the build must emit
// no inline scripts and no data: URLs (fonts and images always become files).
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite-precompress.ts";
import { routeTable } from "./vite-route-table.ts";

// The API server's default dev address (npm start).
const apiTarget = "http://localhost:3000";
const proxy = {
  "/api": { target: apiTarget, changeOrigin: true, ws: true },
  "/media": { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), routeTable(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: "es2022",
    // modulepreload's polyfill would otherwise be injected; every browser we target supports it natively.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    port: 4173,
    proxy,
  },
});
