// Unit tests cover the pure helpers only; pages are exercised by the e2e journeys in a real browser.
import { defineConfig } from "vitest/config";
import { routeTable } from "./vite-route-table.ts";

export default defineConfig({
  plugins: [routeTable()],
  test: { environment: "node", include: ["src/**/*.test.ts"] },
});
