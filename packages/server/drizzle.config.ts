// drizzle-kit: `npm run db:generate -w packages/server` writes a new migration into ./drizzle from the schema.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/platform/db/schema.ts",
  out: "./drizzle",
});
