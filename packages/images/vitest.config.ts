// The property and every-combination tests draw hundreds of full images: on a busy machine they need more than
// vitest's default five seconds, as the server's suite does.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
