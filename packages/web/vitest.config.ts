// Unit tests cover the pure helpers only; pages are exercised by the e2e journeys in a real browser.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { environment: "node", include: ["src/**/*.test.ts"] },
});
