// What `npm start` prints once it listens. Its first line, "Bot Arena running at <address>", is what the
// process tests and the journeys' servers wait for, in both formats. On a terminal (the readable log format)
// a few lines follow for the person who started it: where the data is, how to become admin, what the log shows.
import path from "node:path";
import type { Config } from "./config";

export function startBanner(
  config: Pick<Config, "databaseUrl" | "dataDir" | "adminEmails" | "logFormat" | "logLevel">,
  port: number,
): string {
  const first = `Bot Arena running at http://localhost:${port}`;
  if (config.logFormat === "json") return first;
  const database = config.databaseUrl
    ? `PostgreSQL ${describeDatabaseUrl(config.databaseUrl)}`
    : `PGlite (embedded) in ${path.join(config.dataDir, "pglite")}`;
  const data = config.databaseUrl
    ? `${config.dataDir} (bot images, music)`
    : `${config.dataDir} (the database, bot images, music)`;
  const admin =
    config.adminEmails.length > 0
      ? `${config.adminEmails.join(", ")} (ADMIN_EMAILS) become admin at sign-up or sign-in`
      : "npm run admin -- grant you@example.com (or ADMIN_EMAILS=you@example.com at start)";
  const log =
    config.logLevel === "warn"
      ? "warnings and errors below; LOG_LEVEL=info or debug for more, LOG_FORMAT=json for JSON lines"
      : `LOG_LEVEL=${config.logLevel} below; LOG_FORMAT=json for JSON lines`;
  return [
    first,
    `  database  ${database}`,
    `  data      ${data}`,
    `  admin     ${admin}`,
    `  log       ${log}`,
    "  stop      Ctrl+C",
  ].join("\n");
}

/** host:port/name of a postgres:// address, without its user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `at ${parsed.host || "localhost"}${parsed.pathname}`;
  } catch {
    return "at DATABASE_URL";
  }
}
