// Two kinds of web tests. Unit tests (*.test.ts) cover the pure helpers in node. Component tests (*.test.tsx)
// render a real page or dialog in happy-dom with the API answered at the fetch level (src/app/test-render.tsx):
// what is pure rendering (validation texts, redirects, empty states, cost boxes) is proved there, and the e2e
// journeys keep what only a real browser against the real server proves.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { routeTable } from "./vite-route-table.ts";

export default defineConfig({
  plugins: [routeTable()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "node", include: ["src/**/*.test.ts", "vite-*.test.ts"] },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "components",
          environment: "happy-dom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["./src/app/test-setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
