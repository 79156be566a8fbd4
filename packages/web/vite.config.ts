// Vite build of the single-page app. The API server serves dist/ under a strict CSP, so the build must emit
// no inline scripts and no data: URLs (fonts and images always become files). The public pages are prerendered
// (vite-prerender.ts).
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkFileNames } from "./vite-chunk-names.ts";
import { precompress } from "./vite-precompress.ts";
import { prerenderPages } from "./vite-prerender.ts";
import { routeTable } from "./vite-route-table.ts";

// The API server's default dev address (npm start).
const apiTarget = "http://localhost:3000";
const proxy = {
  "/api": { target: apiTarget, changeOrigin: true, ws: true },
  "/media": { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), routeTable(), precompress(), prerenderPages()],
  build: {
    // `npm run build -w packages/web` (scripts/web-build.mjs) passes a fresh folder under builds/ and swaps it in
    // for dist afterwards; only a bare `vite build` writes (and empties) dist itself.
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: "es2022",
    // modulepreload's polyfill would otherwise be injected; every browser we target supports it natively.
    modulePreload: { polyfill: false },
    // Three pages: the app (index.html), and the prerendered landing (landing.html) and /auth (auth.html), each
    // with its own lighter entry; vite-prerender.ts fills them with HTML and names the files the server sends.
    rollupOptions: {
      input: { index: "index.html", landing: "landing.html", auth: "auth.html" },
      output: { chunkFileNames },
    },
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
